/** The objection model of the dashboard's panels (docs/conventions.md, "Models"). */
import { TableModel } from '../../db/model.ts';

/** A wall screen: the place it shows and how long each slide stays. */
export class DashboardPanelModel extends TableModel {
  static override tableName = 'dashboard_panels';
  id!: number;
  name!: string;
  locationId!: number | null;
  floorId!: number | null;
  logoUploadId!: string | null;
  environmentSlideSeconds!: number;
  bookingSlideSeconds!: number;
  createdAt!: number;
  updatedAt!: number;
}
