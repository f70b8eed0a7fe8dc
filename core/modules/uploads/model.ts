import { TableModel } from '../../db/model.ts';

/** An uploaded picture, stored under the data directory at `path`. */
export class UploadModel extends TableModel {
  static override tableName = 'uploads';
  id!: string;
  type!: string;
  originalName!: string;
  mime!: string;
  size!: number;
  width!: number | null;
  height!: number | null;
  sha256!: string;
  path!: string;
  createdBy!: number | null;
  createdAt!: number;
  /** When nothing was last seen using the file; null while in use. */
  unusedSince!: number | null;
}

/** A named icon resources may show (docs/product-rules.md R3.10). */
export class ResourceIconModel extends TableModel {
  static override tableName = 'resource_icons';
  id!: number;
  name!: string;
  uploadId!: string;
  createdAt!: number;
}
