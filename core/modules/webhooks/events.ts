/**
 * The events an endpoint may subscribe to (docs/product-rules.md R24.2), and how a recorded change becomes one.
 */
import type { Change } from '../changes/index.ts';

export const WEBHOOK_EVENTS = [
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'booking.approved',
  'booking.denied',
  'booking.checkedIn',
  'booking.ended',
  'booking.autoCancelled',
  'user.created',
  'user.disabled',
  'tablet.offline',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event sent by `POST /sys/webhooks/:id/test`, to one endpoint whatever it subscribed to. */
export const TEST_EVENT = 'webhook.test';

/** The change names the change record carries for each event. */
const FROM_CHANGE: Partial<Record<Change['name'], WebhookEvent>> = {
  'booking.created': 'booking.created',
  'booking.updated': 'booking.updated',
  'booking.cancelled': 'booking.cancelled',
  'booking.approved': 'booking.approved',
  'booking.denied': 'booking.denied',
  'booking.checkedIn': 'booking.checkedIn',
  'booking.checkedOut': 'booking.ended',
  'booking.autoCancelled': 'booking.autoCancelled',
  'user.created': 'user.created',
  'user.disabled': 'user.disabled',
  'tablet.offline': 'tablet.offline',
};

/** The event a change means and its `data`, or undefined when it means none. */
export function eventOf(change: Change): { type: WebhookEvent; data: Record<string, unknown> } | undefined {
  const type = FROM_CHANGE[change.name];
  if (!type) return undefined;
  if ('booking' in change.payload) {
    // The check-in code opens the room: it is never sent away.
    const { checkInCode: _code, ...booking } = change.payload.booking;
    return { type, data: { booking, actorId: change.payload.actorId, reason: change.payload.reason ?? null } };
  }
  if ('tabletId' in change.payload) return { type, data: { ...change.payload } };
  return { type, data: { userId: change.payload.userId } };
}
