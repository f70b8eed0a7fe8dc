/** Door access control: let the people of a booking in for its time (settings: clientId, url). */
import type { ProviderBase } from './context.ts';

export interface AccessGrant {
  bookingId: number;
  /** The lock or card reader bound to the resource. */
  lockId: string;
  /** Card numbers or usernames allowed in. */
  people: Array<{ username: string; cardNo?: string | null }>;
  /** Epoch ms: from a little before the start to the end. */
  from: number;
  to: number;
}

/** A card presented at a reader (SDK 1.1), reported through `watch`: door tablets check its holder in. */
export interface CardRead {
  /** The reader's id as the vendor knows it (a device's identifier in Atrium). */
  readerId: string;
  cardNo: string;
  /** Epoch ms. */
  at: number;
}

export interface AccessProvider extends ProviderBase {
  /** Grants access for a booking. Called by the outbox worker after a booking is confirmed or changed. Throw to be retried. */
  grant(grant: AccessGrant): Promise<void>;
  /** Withdraws a booking's access after cancellation or an early end. Throw to be retried. */
  revoke(bookingId: number, lockId: string): Promise<void>;
  /** Optional: opens a door now (tablet check-in). Called on the request's path; keep it fast. */
  open?(lockId: string): Promise<void>;
  /** Optional push (SDK 1.1): called once at start; report cards read through `onRead`. Returns the stop function. */
  watch?(onRead: (read: CardRead) => void): Promise<() => void>;
}
