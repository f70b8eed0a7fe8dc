/** Door access control: let the people of a booking in for its time (settings: clientId, url). */
import type { ProviderBase } from './context.ts';

/**
 * One booking's access at one lock. Atrium keeps at most one grant per (bookingId, lockId): a grant for a pair
 * that already has one **replaces** it (its people and window), it does not add a second. Atrium sends a new
 * grant when a booking moves (other times, other people) and `revoke` for the locks of a room it left.
 */
export interface AccessGrant {
  bookingId: number;
  /** The lock or card reader bound to the resource. */
  lockId: string;
  /** Who may enter: the organiser and the inner attendees who carry a card number (Atrium sends only those). */
  people: Array<{ username: string; cardNo?: string | null }>;
  /** Epoch ms: the start less `accessMarginMinutes` (a parameter, 10 by default). */
  from: number;
  /** Epoch ms: the end plus the same margin. */
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
  /**
   * Grants access for a booking at one lock, replacing any earlier grant of the same booking at that lock (an
   * upsert: vendors without one delete the old entry first). Called by the outbox worker when a booking comes
   * to hold confirmed time (created without approval, approved) and again whenever it moves. Calls about one
   * booking at one lock arrive in order. May be repeated after a crash: the same grant twice must be harmless.
   * Throw to be retried.
   */
  grant(grant: AccessGrant): Promise<void>;
  /**
   * Withdraws a booking's access at one lock: after it is cancelled, checked out (ended early), auto-cancelled,
   * denied, revoked or expired, when a move needs approval again, and for the locks of a room it moved away from.
   * A revoke for a pair never granted (or already revoked) must succeed. Throw to be retried.
   */
  revoke(bookingId: number, lockId: string): Promise<void>;
  /**
   * Optional (SDK 1.2): the vendor's locks and card readers, for binding them to rooms (the console's device
   * pickers, `GET /inte/ar/providerDevices`). Called when an administrator opens a screen.
   */
  listDevices?(): Promise<Array<{ id: string; name: string; roomName?: string }>>;
  /** Optional: opens a door now (tablet check-in). Called on the request's path; keep it fast. */
  open?(lockId: string): Promise<void>;
  /** Optional push (SDK 1.1): called once at start; report cards read through `onRead`. Returns the stop function. */
  watch?(onRead: (read: CardRead) => void): Promise<() => void>;
}
