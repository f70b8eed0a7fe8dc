/** The objection models of the tablets module's tables (docs/conventions.md, "Models"). */
import { TableModel } from '../../db/model.ts';

/** What a room's occupancy sensor last said (docs/product-rules.md R19.10), shared by every process. */
export class RoomPresenceModel extends TableModel {
  static override tableName = 'room_presence';
  static override idColumn = 'resource_id';
  static override coerce = { present: 'boolean' } as const;
  resourceId!: number;
  /** true somebody, false nobody, null unknown. */
  present!: boolean | null;
  changedAt!: number;
  /** The last "keep this meeting" at the door. */
  keptAt!: number | null;
  updatedAt!: number;
}

/** The person a room last recognised by card or face, taken once by a tablet's "continue with card / face". */
export class RoomRecognitionModel extends TableModel {
  static override tableName = 'room_recognitions';
  static override idColumn = 'resource_id';
  resourceId!: number;
  userId!: number;
  method!: 'card' | 'face';
  recognisedAt!: number;
}
