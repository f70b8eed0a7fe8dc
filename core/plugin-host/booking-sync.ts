/**
 * Booking synchronisation with the calendar provider: each recorded booking
 * change becomes outbox work (`upsertEvent` / `cancelEvent`; the change
 * dispatcher queues it, this is its `calendar` target), so a calendar that is
 * down delays the sync but never fails a booking. The calendar's id of each
 * event is kept in the provider's kv (`booking:<id>`) and handed back as
 * `previous` on the next change.
 */
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import type { AnyEvent, BookingSnapshot, EventName } from '../event-types.ts';
import { awaitsApproval } from '../modules/bookings/lifecycle.ts';
import type { CalendarProvider, CalendarRoom, CalendarSyncResult } from '../plugin-sdk/index.ts';
import { pluginKv } from './kv.ts';
import type { OutboxItem } from './outbox.ts';

const TOPIC: Partial<Record<EventName, 'upsertEvent' | 'cancelEvent'>> = {
  'booking.created': 'upsertEvent',
  'booking.updated': 'upsertEvent',
  'booking.approved': 'upsertEvent',
  'booking.cancelled': 'cancelEvent',
  'booking.autoCancelled': 'cancelEvent',
  'booking.denied': 'cancelEvent',
  'booking.expired': 'cancelEvent',
  'booking.revoked': 'cancelEvent',
};

/** The calendar work one change means: none for other events, while awaiting approval, or without a calendar provider. */
export async function calendarWork(change: AnyEvent, selected: () => Promise<string>): Promise<OutboxItem[]> {
  if (!('booking' in change.payload)) return [];
  const topic = TOPIC[change.name];
  const { booking } = change.payload;
  // A request awaiting approval is not a meeting yet; it reaches the calendar once approved.
  if (!topic || (topic === 'upsertEvent' && awaitsApproval(booking.state))) return [];
  const provider = await selected();
  if (provider === 'none') return [];
  return [{ kind: 'calendar', provider, topic, payload: { booking } }];
}

/** Delivers one calendar row, remembering the calendar's id of the event between changes. */
export async function deliverCalendar(
  provider: CalendarProvider,
  pluginId: string,
  topic: string,
  booking: BookingSnapshot,
  deps: { db: Knex; clock: Clock },
  room?: CalendarRoom,
): Promise<void> {
  const kv = pluginKv(deps.db, deps.clock, pluginId);
  const key = `booking:${booking.id}`;
  const previous = await kv.get<CalendarSyncResult>(key);
  if (topic === 'upsertEvent') {
    await kv.set(key, await provider.upsertEvent(booking, previous, room));
    return;
  }
  await provider.cancelEvent(booking, previous, room);
  await kv.delete(key);
}
