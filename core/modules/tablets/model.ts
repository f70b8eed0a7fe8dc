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

/** A paired door tablet or wall screen; its credential is kept only as a hash. */
export class TabletModel extends TableModel {
  static override tableName = 'tablets';
  id!: number;
  name!: string;
  purpose!: 'door' | 'wall';
  /** The door tablet's room; null for a wall screen. */
  resourceId!: number | null;
  /** The wall screen's panel; null for every panel (and for door tablets). */
  panelId!: number | null;
  credentialHash!: string;
  language!: string;
  appVersion!: string | null;
  screen!: string | null;
  pairedAt!: number;
  lastSeenAt!: number | null;
  /** When the administrators were told of its current outage; cleared by its next call. */
  offlineAlertedAt!: number | null;
  revokedAt!: number | null;
  reloadRequestedAt!: number | null;
  createdAt!: number;
  updatedAt!: number;
}

/** A one-time pairing code, kept hashed: for a new tablet of a room or wall, or for re-pairing `tabletId`. */
export class TabletPairingCodeModel extends TableModel {
  static override tableName = 'tablet_pairing_codes';
  id!: number;
  codeHash!: string;
  purpose!: 'door' | 'wall';
  resourceId!: number | null;
  panelId!: number | null;
  tabletId!: number | null;
  name!: string | null;
  expiresAt!: number;
  usedAt!: number | null;
  createdAt!: number;
}

/** The secret of a room's printed QR code (R19.9); a rotation replaces it. */
export class RoomQrCodeModel extends TableModel {
  static override tableName = 'room_qr_codes';
  static override idColumn = 'resource_id';
  static override coerce = { resourceId: 'number', rotatedAt: 'number', createdAt: 'number' } as const;
  resourceId!: number;
  secret!: string;
  rotatedAt!: number;
  createdAt!: number;
}

/** One change of a room's occupancy sensor (R20.5): the history behind booked-but-empty time. */
export class RoomPresenceLogModel extends TableModel {
  static override tableName = 'room_presence_log';
  static override coerce = { present: 'boolean' } as const;
  id!: number;
  resourceId!: number;
  /** true somebody, false nobody, null unknown. */
  present!: boolean | null;
  at!: number;
}
