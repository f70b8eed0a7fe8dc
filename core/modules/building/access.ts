/**
 * Door access on the booking lifecycle (docs/product-rules.md R20.1): the `access` change target's plan. A
 * booking holding confirmed time grants its organiser and inner attendees with a card number access to every
 * lock and card reader of its room, for its time widened by `accessMarginMinutes` on both sides; a move grants
 * again (a grant replaces the earlier one for the same booking and lock, core/plugin-sdk/access.ts) and
 * revokes the locks of a room it left; the end of its claim on the room revokes.
 */
import type { AccessGrant } from '../../plugin-sdk/index.ts';
import type { OutboxItem } from '../../plugin-host/index.ts';
import type { BookingSnapshot } from '../../event-types.ts';
import { CONFIRMED, isIn } from '../bookings/index.ts';
import type { Change } from '../changes/index.ts';
import type { BuildingDeps } from './deps.ts';

/** The device kinds a door grant is for. */
export const ACCESS_DEVICE_KINDS = ['lock', 'cardReader'] as const;

/** Changes after which a booking no longer claims its room: every grant of it is withdrawn. */
const REVOKES = new Set([
  'booking.cancelled',
  'booking.checkedOut',
  'booking.autoCancelled',
  'booking.denied',
  'booking.revoked',
  'booking.expired',
]);

/** Changes after which a booking may hold (new) confirmed time: grant, or grant again. */
const GRANTS = new Set(['booking.created', 'booking.approved', 'booking.updated']);

/** What a grant depends on: unchanged, the earlier grant stands. */
const grantKey = (b: BookingSnapshot) =>
  JSON.stringify([b.resourceId, b.startAt, b.endAt, b.organiserId, [...b.innerAttendeeIds].sort((x, y) => x - y)]);

export async function accessWork(deps: BuildingDeps, change: Change): Promise<OutboxItem[]> {
  if (!('booking' in change.payload)) return [];
  if (!REVOKES.has(change.name) && !GRANTS.has(change.name)) return [];
  const provider = await deps.pluginHost.selected('access');
  if (provider === 'none') return [];
  const booking = change.payload.booking;
  const margin = Number(await deps.paramsService.get('accessMarginMinutes')) * 60_000;
  const from = booking.startAt - margin;
  const to = booking.endAt + margin;
  // A change replayed long after (a target added to an installation with history) grants nothing already over.
  const over = to <= deps.clock.now();
  const locks = await deps.devicesService.vendorIdsAt(booking.resourceId, ACCESS_DEVICE_KINDS);
  const item = (topic: 'grant' | 'revoke', args: unknown[]): OutboxItem => ({
    kind: 'access',
    provider,
    topic,
    payload: { args },
  });
  const revoke = (lockIds: Iterable<string>) => [...lockIds].map((lockId) => item('revoke', [booking.id, lockId]));

  if (REVOKES.has(change.name)) return revoke(locks);

  const previous =
    change.name === 'booking.updated'
      ? ((await deps.changeLog.latestBefore([booking.id], change.id)).get(booking.id) ?? null)
      : null;
  const before = previous && 'booking' in previous.payload ? previous.payload.booking : null;
  // Locks of a room the booking left: their grants are withdrawn (same room: the new grant replaces the old).
  const left =
    before && before.resourceId !== booking.resourceId
      ? (await deps.devicesService.vendorIdsAt(before.resourceId, ACCESS_DEVICE_KINDS)).filter(
          (l) => !locks.includes(l),
        )
      : [];
  if (!isIn(CONFIRMED, booking.state)) {
    // A move that needs approval again gives up its access until approved; waiting requests have none.
    return change.name === 'booking.updated' ? [...revoke(left), ...revoke(locks)] : [];
  }
  if (before && isIn(CONFIRMED, before.state) && grantKey(before) === grantKey(booking)) return [];
  if (over) return revoke(left);
  const holders = await deps.cardHolders([booking.organiserId, ...booking.innerAttendeeIds]);
  const people = holders.map((h) => ({ username: h.username, cardNo: h.cardNo }));
  if (people.length === 0) return change.name === 'booking.updated' ? [...revoke(left), ...revoke(locks)] : [];
  return [
    ...revoke(left),
    ...locks.map((lockId) =>
      item('grant', [{ bookingId: booking.id, lockId, people, from, to } satisfies AccessGrant]),
    ),
  ];
}
