import { TableModel } from '../../db/model.ts';

/** A device: door pad, relay, sensor, card reader, lock; mounted at one resource at most. */
export class DeviceModel extends TableModel {
  static override tableName = 'devices';
  static override coerce = { showOnTerminal: 'boolean', connected: 'boolean' } as const;
  id!: number;
  name!: string;
  deviceNo!: string;
  kind!: string;
  showOnTerminal!: boolean;
  connected!: boolean;
  lastSeenAt!: number | null;
  macAddress!: string | null;
  identifier!: string | null;
  resourceId!: number | null;
  /** JSON: the last environment or occupancy reading. */
  state!: string | null;
  createdAt!: number;
  updatedAt!: number;
  /** Not a column: the name of the resource, where the query joins it. */
  resourceName?: string | null;
}
