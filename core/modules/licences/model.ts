/** The objection model of the licences table (docs/conventions.md, "Models"). */
import { TableModel } from '../../db/model.ts';

/** An uploaded licence file and what it grants. */
export class LicenceModel extends TableModel {
  static override tableName = 'licences';
  id!: number;
  content!: string;
  status!: string;
  version!: string | null;
  productSn!: string | null;
  deviceCount!: number | null;
  roomLimit!: number | null;
  deskLimit!: number | null;
  deviceLimit!: number | null;
  authCode!: string | null;
  registeredAt!: number | null;
  expiresAt!: number | null;
  createdBy!: number | null;
  createdAt!: number;
}
