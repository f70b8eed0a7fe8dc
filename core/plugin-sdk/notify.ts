/**
 * Notification channels: e-mail, enterprise chat (WeCom, DingTalk), ...
 * Atrium renders the text (templates per event and language); a notify provider
 * only delivers it.
 */
import type { ProviderBase } from './context.ts';

export interface NotifyRecipient {
  /** Atrium user id; absent for guests (outer attendees). */
  userId?: number;
  name: string;
  email?: string | null;
  /** Sign-in name in Atrium. */
  username?: string;
  /** The person's id at the directory they came from (WeCom/DingTalk userid when synced from there). */
  externalId?: string | null;
}

export interface NotifyMessage {
  /** Stable id of this message (outbox row): use it as an idempotency key where the vendor offers one. */
  id: string;
  /** What happened: `booking.created`, `booking.reminder`, `user.blocklisted`, ... */
  event: string;
  /** Language the text is written in (cn, en, ja): all recipients of one message share it. */
  lang: string;
  to: NotifyRecipient[];
  /** Copies (attendees of a booking, unless the noCC option is set). */
  cc: NotifyRecipient[];
  /** Plain text (no markup). */
  subject: string;
  /** HTML body, every value HTML-escaped. */
  html: string;
  /** The same body as plain text, for channels without HTML. */
  text: string;
  /**
   * An iCalendar (RFC 5545) invitation or cancellation for calendar clients (e-mail channels attach it); 1.4: or a
   * REPLY, a room declining a meeting written into its calendar.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL' | 'REPLY'; ics: string };
}

export interface NotifyResult {
  /** Recipients the channel could not address (no e-mail, unknown chat user): reported, not retried. */
  skipped?: string[];
  /** The vendor's id of the message, for the log. */
  vendorId?: string;
}

export interface NotifyProvider extends ProviderBase {
  /**
   * Delivers one message. Called by the outbox worker as soon as the message is
   * due, one call per message, several at once (ATRIUM_OUTBOX_CONCURRENCY) and
   * possibly from any Atrium process, never on a request's path: share what
   * the calls share (a connection pool, one token fetch). Throw on any failure that may pass (network, vendor error, expired
   * token after one refetch): the host retries with backoff and parks the
   * message after several attempts, showing the error. Resolving means delivered.
   */
  send(message: NotifyMessage): Promise<NotifyResult | void>;
}
