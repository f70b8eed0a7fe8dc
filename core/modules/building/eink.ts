/**
 * E-ink door labels on the booking lifecycle (docs/product-rules.md R20.4): the `eink` change target's plan, the
 * scheduler's redraws (the start of each room's day, meetings starting and ending), and the drawing of a label when
 * its call is delivered.
 *
 * Coalescing, at most one push per label every 30 s, that survives a crash and any number of processes: the
 * outbox keeps it, nothing else does (Outbox.coalesced). A label has at most one row waiting; the row carries no
 * content, only which label of which room, and the label is drawn when the row is delivered, from the room's day as
 * it is then. A change to the room's day finds that row waiting (unclaimed) and joins it: queuing under its key
 * adds nothing, and since the change committed before it was planned, the drawing, still to come, shows it. When the
 * label's last row is under way or went out, the change queues the label's next row, due 30 s after the last push.
 * Rows are numbered per label in their idempotency keys, so two planners at once (the dispatcher, the day's sweep,
 * a replay after a crash) queue one row, and a replayed plan adds nothing.
 */
import { DateTime } from 'luxon';
import type { Actor } from '../../actor.ts';
import { DEFAULT_LANG, defaultLang, t, type Lang } from '../../i18n/index.ts';
import type { OutboxItem, OutboxRow } from '../../plugin-host/index.ts';
import type { EinkProvider, LabelContent, ProviderBase } from '../../plugin-sdk/index.ts';
import { meetingsEndingBetween, meetingsStartingBetween, roomFreeFrom, type LiveBooking } from '../bookings/index.ts';
import type { Change } from '../changes/index.ts';
import { resourcesWhere } from '../resources/index.ts';
import type { BuildingDeps } from './deps.ts';
import { DEFAULT_LABEL_SIZE, renderLabel, type LabelMeeting } from './label.ts';

export const LABEL_DEVICE_KINDS = ['label'] as const;

/** At most one push per label in this time. */
export const LABEL_SPACING_MS = 30_000;
/** How far back the sweep looks for a room's midnight, a meeting's start or end (sweeps missed while no process ran). */
const LOOKBACK_MS = 15 * 60_000;
/** How long the sizes a provider's `listLabels` named are kept before asking again. */
const SIZES_TTL_MS = 10 * 60_000;

/** Changes that may change what a label shows of its room's day. */
const LABEL_CHANGES = new Set([
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'booking.approved',
  'booking.denied',
  'booking.revoked',
  'booking.expired',
  'booking.checkedIn',
  'booking.checkedOut',
  'booking.autoCancelled',
]);

/** Which label of which room a row draws. */
interface LabelRef {
  labelId: string;
  resourceId: number;
}

/** The label reads the room's bookings as a bystander at the door does (subjects by `showOthersSubject`). */
const LABEL_VIEWER: Actor = {
  userId: 0,
  username: 'eink-label',
  permissions: new Set(),
  lang: DEFAULT_LANG,
  via: 'device',
};

/** A room's language: the installation's default, as resources and locations carry none (R20.4). */
const roomLang = (): Lang => defaultLang();

const endOfDay = (now: number, zone: string) =>
  DateTime.fromMillis(now, { zone }).plus({ days: 1 }).startOf('day').toMillis();

/** The label's row to queue now: joins the one waiting, or the next, 30 s after the last push. */
async function labelItem(deps: BuildingDeps, provider: string, ref: LabelRef) {
  const { key, dueAt, queuedAt } = await deps.outbox.coalesced(
    `eink:${ref.resourceId}:${ref.labelId}`,
    LABEL_SPACING_MS,
  );
  const item: OutboxItem = { kind: 'eink', provider, topic: 'update', payload: { label: ref }, key, dueAt };
  return { item, queuedAt };
}

async function labelsAt(deps: BuildingDeps, provider: string, resourceId: number): Promise<OutboxItem[]> {
  const items: OutboxItem[] = [];
  for (const labelId of await deps.devicesService.vendorIdsAt(resourceId, LABEL_DEVICE_KINDS))
    items.push((await labelItem(deps, provider, { labelId, resourceId })).item);
  return items;
}

/** The `eink` target: the labels of the rooms whose rest of the day a change touches (only reads). */
export async function einkWork(deps: BuildingDeps, change: Change): Promise<OutboxItem[]> {
  if (!('booking' in change.payload) || !LABEL_CHANGES.has(change.name)) return [];
  const provider = await deps.pluginHost.selected('eink');
  if (provider === 'none') return [];
  const booking = change.payload.booking;
  const spans = [booking];
  if (change.name === 'booking.updated') {
    // Moved: the room and the times it left change their label too.
    const previous = (await deps.changeLog.latestBefore([booking.id], change.id)).get(booking.id);
    if (previous && 'booking' in previous.payload) spans.push(previous.payload.booking);
  }
  const now = deps.clock.now();
  // What is over or starts after today changes nothing a label shows now; the sweep draws tomorrow at midnight.
  const rooms = new Set(
    spans.filter((s) => s.endAt > now && s.startAt < endOfDay(now, s.timeZone)).map((s) => s.resourceId),
  );
  const items: OutboxItem[] = [];
  for (const room of rooms) items.push(...(await labelsAt(deps, provider, room)));
  return items;
}

/**
 * The `building.eink` job: a label's content also changes with the clock, with no booking change to say so. Every
 * label is drawn again when its room's day started, or one of its meetings started or ended, in the last 15
 * minutes (the latest of these moments), unless a row of it was queued since that moment: that row draws the new
 * state already, so later sweeps, in any process, add nothing. Answers how many rows it queued.
 */
export async function einkSweep(deps: BuildingDeps, now: number): Promise<number> {
  const provider = await deps.pluginHost.selected('eink');
  if (provider === 'none') return 0;
  const labels = await deps.devicesService.mountedVendorIds(LABEL_DEVICE_KINDS);
  if (labels.length === 0) return 0;
  const since = now - LOOKBACK_MS;
  const zones = await roomZones(deps, [...new Set(labels.map((l) => l.resourceId))]);
  // The latest moment in the window at which each room's label changed by itself.
  const changedAt = new Map<number, number>();
  const mark = (room: number, at: number) => changedAt.set(room, Math.max(changedAt.get(room) ?? at, at));
  for (const [room, { timeZone }] of zones) {
    const dayStart = DateTime.fromMillis(now, { zone: timeZone }).startOf('day').toMillis();
    if (dayStart > since) mark(room, dayStart);
  }
  for (const m of await meetingsStartingBetween(deps.db, since, now))
    if (zones.has(m.resourceId)) mark(m.resourceId, m.startAt);
  for (const m of await meetingsEndingBetween(deps.db, since, now))
    if (zones.has(m.resourceId)) mark(m.resourceId, m.endAt);
  let queued = 0;
  for (const { resourceId, vendorId } of labels) {
    const moment = changedAt.get(resourceId);
    if (moment === undefined) continue;
    const { item, queuedAt } = await labelItem(deps, provider, { labelId: vendorId, resourceId });
    if (queuedAt !== null && queuedAt >= moment) continue;
    await deps.outbox.enqueue(deps.db, item, item.key);
    queued++;
  }
  if (queued) deps.outbox.wake();
  return queued;
}

async function roomZones(deps: BuildingDeps, ids: number[]) {
  const rows = (await resourcesWhere(deps.db, { ids }).select('r.id', 'r.name', 'r.time_zone')) as Array<{
    id: number | string;
    name: string;
    time_zone: string;
  }>;
  return new Map(rows.map((r) => [Number(r.id), { name: r.name, timeZone: r.time_zone }]));
}

/** Each provider's label sizes, asked once in a while (an access point lists every tag). */
const sizesOf = new WeakMap<ProviderBase, { at: number; sizes: Promise<Map<string, { w: number; h: number }>> }>();

async function labelSize(deps: BuildingDeps, provider: ProviderBase, labelId: string) {
  const now = deps.clock.now();
  let cached = sizesOf.get(provider);
  if (!cached || now - cached.at > SIZES_TTL_MS) {
    const list = (provider as EinkProvider).listLabels;
    const sizes = (async () => {
      const labels = typeof list === 'function' ? await list.call(provider).catch(() => []) : [];
      const ok = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 8 && n <= 4096;
      return new Map(labels.flatMap((l) => (ok(l.width) && ok(l.height) ? [[l.id, { w: l.width, h: l.height }]] : [])));
    })();
    sizesOf.set(provider, (cached = { at: now, sizes }));
  }
  const size = (await cached.sizes).get(labelId);
  return size ? { width: size.w, height: size.h } : DEFAULT_LABEL_SIZE;
}

const meeting = (b: LiveBooking | null): LabelMeeting | null =>
  b && { subject: b.subject, startTime: b.startTime, endTime: b.endTime };

/**
 * The call of a label's row, built when it is delivered (the plugin host's call builder for `eink`): the room's
 * day as it is now, drawn at the label's size.
 */
export async function labelCall(deps: BuildingDeps, row: OutboxRow, provider: ProviderBase): Promise<unknown[]> {
  const ref = (row.payload as { label: LabelRef }).label;
  const room = (await roomZones(deps, [ref.resourceId])).get(ref.resourceId);
  if (!room) throw new Error(`room ${ref.resourceId} no longer exists`);
  const lang = roomLang();
  const now = deps.clock.now();
  const [slots, free, size] = await Promise.all([
    deps.liveBookingsService.currentAndNext(LABEL_VIEWER, [{ id: ref.resourceId, timeZone: room.timeZone }]),
    roomFreeFrom(deps.db, ref.resourceId, now, endOfDay(now, room.timeZone)),
    labelSize(deps, provider, ref.labelId),
  ]);
  const slot = slots.get(ref.resourceId) ?? { current: null, next: null };
  const freeFrom = free === null ? null : DateTime.fromMillis(free, { zone: room.timeZone }).toFormat('HH:mm');
  const image = await renderLabel({
    lang,
    roomName: room.name,
    current: meeting(slot.current),
    next: meeting(slot.next),
    freeFrom: free !== null && free <= now ? 'now' : freeFrom,
    ...size,
  });
  const content: LabelContent = {
    labelId: ref.labelId,
    resourceName: room.name,
    bookings: [slot.current, slot.next].flatMap((b) =>
      b
        ? [
            {
              subject: b.subject ?? t(lang, 'eink.booked'),
              organiser: b.organiserName,
              startTime: b.startTime,
              endTime: b.endTime,
            },
          ]
        : [],
    ),
    image,
    freeFrom,
  };
  return [content];
}
