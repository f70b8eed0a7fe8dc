import { TableModel } from '../../db/model.ts';

/** A user's time on the blocklist (docs/product-rules.md R9); released_at stays null until lifted. */
export class BlocklistModel extends TableModel {
  static override tableName = 'blocklist';
  id!: number;
  userId!: number;
  violationCount!: number;
  blockedAt!: number;
  releaseAt!: number;
  releasedAt!: number | null;
  releasedBy!: number | null;
  /** Not columns: the user's, where the list joins them. */
  username?: string;
  realName?: string | null;
}

/** A violation (a no-show), at most one per booking and kind. */
export class ViolationModel extends TableModel {
  static override tableName = 'violations';
  id!: number;
  userId!: number;
  bookingId!: number | null;
  kind!: string;
  occurredAt!: number;
  /** Not columns: the user's, the booking's and its resource's, where the list joins them. */
  username?: string;
  realName?: string | null;
  subject?: string | null;
  meetingDate?: string | null;
  startTime?: string | null;
  resourceName?: string | null;
}
