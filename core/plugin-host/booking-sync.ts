/**
 * Booking synchronisation with the calendar provider: each booking change
 * becomes outbox work (`upsertEvent` / `cancelEvent`), so a calendar that is
 * down delays the sync but never fails a booking. The calendar's id of each
 * event is kept in the provider's kv (`booking:<id>`) and handed back as
 * `previous` on the next change.
 */
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import type { BookingEvent, BookingSnapshot } from '../event-types.ts';
import type { EventBus } from '../events.ts';
import type { CalendarProvider, CalendarSyncResult } from '../plugin-sdk/index.ts';
import { pluginKv } from './kv.ts';
import type { Outbox } from './outbox.ts';

const UPSERT = ['booking.created', 'booking.updated', 'booking.approved'];
const CANCEL = ['booking.cancelled', 'booking.autoCancelled', 'booking.denied', 'booking.expired', 'booking.revoked'];

const awaitingApproval = (b: BookingSnapshot) => b.state === 'pending' || b.checkStatus === 4;

export function subscribeBookingSync(
  deps: { events: EventBus; db: Knex; outbox: Outbox },
  selected: () => Promise<string>,
): () => void {
  const offs = [...UPSERT, ...CANCEL].map((name) =>
    deps.events.on<BookingEvent>(name, async ({ booking }) => {
      const upsert = UPSERT.includes(name);
      // A request awaiting approval is not a meeting yet; it reaches the calendar once approved.
      if (upsert && awaitingApproval(booking)) return;
      const provider = await selected();
      if (provider === 'none') return;
      await deps.outbox.enqueue(deps.db, {
        kind: 'calendar',
        provider,
        topic: upsert ? 'upsertEvent' : 'cancelEvent',
        payload: { booking },
      });
    }),
  );
  return () => offs.forEach((off) => off());
}

/** Delivers one calendar row, remembering the calendar's id of the event between changes. */
export async function deliverCalendar(
  provider: CalendarProvider,
  pluginId: string,
  topic: string,
  booking: BookingSnapshot,
  deps: { db: Knex; clock: Clock },
): Promise<void> {
  const kv = pluginKv(deps.db, deps.clock, pluginId);
  const key = `booking:${booking.id}`;
  const previous = await kv.get<CalendarSyncResult>(key);
  if (topic === 'upsertEvent') {
    await kv.set(key, await provider.upsertEvent(booking, previous));
    return;
  }
  await provider.cancelEvent(booking, previous);
  await kv.delete(key);
}
