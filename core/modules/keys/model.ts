import { TableModel } from '../../db/model.ts';

/** An API key: its public id, the hash of its secret, the permission codes it may use, and whom it acts as. */
export class ApiKeyModel extends TableModel {
  static override tableName = 'api_keys';
  static override jsonAttributes = ['scopes'];
  id!: number;
  name!: string;
  /** The public part, shown in lists. */
  keyId!: string;
  secretHash!: string;
  scopes!: string[];
  /** Whom the key acts as (null once that user is deleted). */
  userId!: number | null;
  createdBy!: number | null;
  createdAt!: number;
  expiresAt!: number | null;
  lastUsedAt!: number | null;
  revokedAt!: number | null;
}
