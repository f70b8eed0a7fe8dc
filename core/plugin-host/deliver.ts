/**
 * How an outbox row becomes a provider call. Notify rows carry a rendered
 * message (topic = the event, for the log); calendar rows a booking snapshot
 * (see booking-sync.ts); the other kinds name the provider
 * method in `topic` and its arguments in `payload.args`, limited to the methods
 * their interface says the outbox calls.
 */
import type { BookingSnapshot } from '../event-types.ts';
import {
  isPluginKind,
  type CalendarRoom,
  type ExternalEvent,
  type NotifyMessage,
  type NotifyResult,
  type PluginKind,
} from '../plugin-sdk/index.ts';
import { deliverCalendar } from './booking-sync.ts';
import type { PluginHost } from './host.ts';
import type { OutboxRow } from './outbox.ts';

const OUTBOX_METHODS: Partial<Record<PluginKind, readonly string[]>> = {
  eink: ['update'],
  access: ['grant', 'revoke'],
  switch: ['setState'],
  face: ['enrol', 'remove'],
};

/**
 * Rows with the same order key are delivered one after another in the order they were queued; rows without
 * one go out side by side. A calendar must see a booking's changes in order (a cancellation never before the
 * event it cancels, an update never beside the creation whose id it needs), and the other kinds' calls about
 * one target (their first argument: a device, a person; for access, a booking at a lock) likewise. Messages
 * stand alone.
 */
export function orderKey(row: OutboxRow): string | undefined {
  if (row.kind === 'notify') return undefined;
  if (row.kind === 'calendar') return `booking ${(row.payload as { booking?: { id?: unknown } }).booking?.id}`;
  // A label drawn at delivery (no arguments stored) is about that label: one push at a time each.
  const label = (row.payload as { label?: { labelId?: unknown } }).label;
  if (label) return JSON.stringify(['label', label.labelId ?? null]);
  // A face enrolment or removal built at delivery is about one person: in order for them, side by side for others.
  const face = (row.payload as { face?: { userId?: unknown } }).face;
  if (face) return JSON.stringify(['face', face.userId ?? null]);
  const args = (row.payload as { args?: unknown[] }).args ?? [];
  // Access calls are about one booking at one lock: grant(grant) names both in its argument, revoke(id, lock) in two.
  if (row.kind === 'access') {
    const grant = args[0] as { bookingId?: unknown; lockId?: unknown } | null;
    return typeof grant === 'object' && grant !== null
      ? JSON.stringify(['access', grant.bookingId, grant.lockId])
      : JSON.stringify(['access', args[0] ?? null, args[1] ?? null]);
  }
  return JSON.stringify(args[0] ?? null);
}

export async function deliver(host: PluginHost, row: OutboxRow): Promise<string | void> {
  if (row.kind === 'notify') {
    const { message } = row.payload as { message: NotifyMessage };
    const result = (await host.call('notify', `send ${row.topic}`, (p) =>
      p.send({ ...message, id: String(row.id) }),
    )) as NotifyResult | void;
    return result?.skipped?.length ? `delivered; skipped ${result.skipped.join(', ')}` : undefined;
  }
  if (row.kind === 'calendar' && row.topic === 'decline') {
    // An event written into a room's calendar outside Atrium that the room refused (SDK 1.4).
    const { event, room, reason } = row.payload as { event: ExternalEvent; room: CalendarRoom; reason: string };
    await host.call('calendar', 'decline', (p) => {
      if (!p.decline) throw new Error('the calendar provider cannot decline');
      return p.decline(event, room, reason);
    });
    return;
  }
  if (row.kind === 'calendar') {
    const { booking } = row.payload as { booking: BookingSnapshot };
    // The room's calendar as it is mirrored when the work is delivered (SDK 1.5).
    const room = await host.calendarRoomOf(booking.resourceId);
    await host.call('calendar', row.topic, (p) => {
      if (row.topic !== 'upsertEvent' && row.topic !== 'cancelEvent')
        throw new Error(`calendar providers take no "${row.topic}" work`);
      return deliverCalendar(p, host.activeId('calendar')!, row.topic, booking, host.storage, room);
    });
    return;
  }
  // The core's own kinds have their deliverer (Outbox.deliverWith); one that reaches here has none in this process.
  if (!isPluginKind(row.kind)) throw new Error(`no deliverer of ${row.kind} work in this process`);
  const allowed = OUTBOX_METHODS[row.kind] ?? [];
  if (!allowed.includes(row.topic)) throw new Error(`${row.kind} providers take no "${row.topic}" work`);
  const stored = (row.payload as { args?: unknown[] }).args;
  const build = host.callBuilder(row.kind);
  await host.call(row.kind, row.topic, async (p) => {
    const method = (p as unknown as Record<string, unknown>)[row.topic];
    if (typeof method !== 'function') throw new Error(`the provider has no ${row.topic}()`);
    // Rows queued without their arguments have them built now, from the state of things at delivery (e-ink labels).
    const args = stored ?? (build ? await build(row, p) : undefined);
    if (!args) throw new Error(`${row.kind} work without arguments, and no builder for them in this process`);
    return (method as (...a: unknown[]) => Promise<unknown>).apply(p, args);
  });
}
