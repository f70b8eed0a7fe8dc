/**
 * A room's switches on the booking lifecycle (docs/product-rules.md R20.2): the `switch` change target's plan
 * and the clock's part. Check-in turns the room's relays on; check-out, a no-show, the cancellation of a
 * meeting that was checked in (or whose room was switched on ahead) turn them off, unless the next meeting
 * already uses the room (checked in, or switched on ahead of its start). On the clock: with
 * `switchOnBeforeMinutes`, a meeting starting within that many minutes has its room turned on once; a
 * checked-in meeting whose time ran out without a check-out has it turned off once.
 */
import type { OutboxItem } from '../../plugin-host/index.ts';
import type { BookingSnapshot } from '../../event-types.ts';
import { checkedInMeetingsEndedBetween, meetingsStartingBetween, roomInUse } from '../bookings/index.ts';
import type { Change } from '../changes/index.ts';
import type { BuildingDeps } from './deps.ts';

export const SWITCH_DEVICE_KINDS = ['relay'] as const;

/** A change older than this is history (a target added to an installation that has some): it switches nothing. */
const STALE_MS = 3_600_000;
/** How far back the clock's sweep looks for meetings whose time ran out (a sweep missed while no process ran). */
const ENDED_LOOKBACK_MS = 15 * 60_000;

async function items(deps: BuildingDeps, provider: string, resourceId: number, on: boolean): Promise<OutboxItem[]> {
  const relays = await deps.devicesService.vendorIdsAt(resourceId, SWITCH_DEVICE_KINDS);
  return relays.map((id) => ({ kind: 'switch', provider, topic: 'setState', payload: { args: [id, on] } }));
}

/** Whether the room may have been switched on ahead of this (cancelled) meeting. */
async function switchedOnAhead(deps: BuildingDeps, b: BookingSnapshot, at: number): Promise<boolean> {
  const before = Number(await deps.paramsService.get('switchOnBeforeMinutes'));
  return before > 0 && at >= b.startAt - before * 60_000;
}

/** Off for a meeting's room, unless the next meeting already uses it (checked in, or switched on ahead). */
async function offUnlessInUse(
  deps: BuildingDeps,
  provider: string,
  booking: { id: number; resourceId: number },
  now: number,
): Promise<OutboxItem[]> {
  const aheadMs = Number(await deps.paramsService.get('switchOnBeforeMinutes')) * 60_000;
  if (await roomInUse(deps.db, booking.resourceId, booking.id, now, aheadMs)) return [];
  return items(deps, provider, booking.resourceId, false);
}

export async function switchWork(deps: BuildingDeps, change: Change): Promise<OutboxItem[]> {
  if (!('booking' in change.payload)) return [];
  const name = change.name;
  if (!['booking.checkedIn', 'booking.checkedOut', 'booking.autoCancelled', 'booking.cancelled'].includes(name))
    return [];
  const provider = await deps.pluginHost.selected('switch');
  if (provider === 'none') return [];
  const now = deps.clock.now();
  if (now - change.at > STALE_MS) return [];
  const b = change.payload.booking;
  if (name === 'booking.checkedIn') return b.endAt > now ? items(deps, provider, b.resourceId, true) : [];
  if (name === 'booking.cancelled') {
    const previous = (await deps.changeLog.latestBefore([b.id], change.id)).get(b.id);
    const wasCheckedIn = previous && 'booking' in previous.payload && previous.payload.booking.state === 'checkedIn';
    if (!wasCheckedIn && !(await switchedOnAhead(deps, b, change.at))) return [];
  }
  return offUnlessInUse(deps, provider, b, now);
}

/**
 * The clock's part, run by the `building.switch` job: queues the switching that no change announces, each once
 * (the outbox's idempotency key names the booking and the time it is for). Answers how many calls it queued.
 */
export async function switchSweep(deps: BuildingDeps, now: number): Promise<number> {
  const provider = await deps.pluginHost.selected('switch');
  if (provider === 'none') return 0;
  const work: Array<{ key: string; item: OutboxItem }> = [];
  const before = Number(await deps.paramsService.get('switchOnBeforeMinutes'));
  if (before > 0)
    for (const m of await meetingsStartingBetween(deps.db, now, now + before * 60_000))
      for (const [i, item] of (await items(deps, provider, m.resourceId, true)).entries())
        work.push({ key: `building:switch:on:${m.id}:${m.startAt}:${i}`, item });
  for (const m of await checkedInMeetingsEndedBetween(deps.db, now - ENDED_LOOKBACK_MS, now))
    for (const [i, item] of (await offUnlessInUse(deps, provider, m, now)).entries())
      work.push({ key: `building:switch:off:${m.id}:${m.endAt}:${i}`, item });
  if (work.length === 0) return 0;
  await deps.db.transaction(async (trx) => {
    for (const w of work) await deps.outbox.enqueue(trx, w.item, w.key);
  });
  deps.outbox.wake();
  return work.length;
}
