/** The objection model of the reports table (docs/conventions.md, "Models"). */
import { TableModel } from '../../db/model.ts';

/** A report asked for: its filter, and the file once generated. */
export class ReportModel extends TableModel {
  static override tableName = 'reports';
  id!: number;
  type!: string;
  creatorId!: number;
  locationId!: number | null;
  departmentPath!: string | null;
  fromDate!: string;
  toDate!: string;
  status!: string;
  filePath!: string | null;
  rowCount!: number | null;
  error!: string | null;
  lang!: string;
  createdAt!: number;
  finishedAt!: number | null;
}
