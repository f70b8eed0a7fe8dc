/**
 * The room-status grid and the room/desk inquiry. A fixed number of queries
 * whatever the number of resources (resources, hours, groups, approvers, exempt,
 * disabled periods, the day's bookings, the caller's groups and blocklist), each
 * bounded by the day, so 1,000 resources cost the same round trips as ten.
 */
import type { Actor } from '../../actor.ts';
import { BadRequestError } from '../../errors.ts';
import { groupIdsOf } from '../groups/index.ts';
import { isDisabledOn, resourceIdsWhere, resourcesWithOneOfEach } from '../resources/index.ts';
import { mountedDeviceIdsByName } from '../devices/index.ts';
import type { BookingDeps, Db } from './deps.ts';
import { awaitsApproval, checkStatusOf, ON_CALENDAR, type BookingState } from './lifecycle.ts';
import {
  loadDisabledPeriods,
  loadResources,
  openOn,
  type DisabledPeriod,
  type ResourceFilter,
  type ResourceInfo,
} from './resources.ts';
import type { AvailableQuery, GridQuery } from './schema.ts';
import { loadSettings } from './settings.ts';
import { DAY_MS, earliestStart, instantOf, MINUTE_MS, minutesOf, SLOT_MS, wallClockExists, weekdayOf } from './time.ts';

export type CellState =
  | 'free'
  | 'expired'
  | 'mine'
  | 'other'
  | 'disabled'
  | 'outside'
  | 'approvalMine'
  | 'approvalOther'
  | 'unavailable'
  | 'noReservation';

export interface GridBooking {
  id: number;
  resourceId: number;
  organiserId: number;
  mySelf: boolean;
  subject: string | null;
  meetingDate: string;
  startTime: string;
  endTime: string;
  startAt: number;
  endAt: number;
  state: string;
  checkStatus: number;
}

/** A run of consecutive cells in one state: `[state, count]`, or `[state, count, bookingId]` for a booking's cells. */
type CellRun = [CellState, number] | [CellState, number, number];

interface Tick {
  t: number;
  end: number;
  time: string;
}

/** The day's cells of one zone, shared by every resource in that zone: formatting a wall-clock label per cell of a thousand resources would dominate the grid's time. */
function timeline(date: string, zone: string, startTime: string, endTime: string, step: number): Tick[] {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const ticks: Tick[] = [];
  for (let t = instantOf(date, startTime, zone), to = instantOf(date, endTime, zone); t < to; t += step)
    ticks.push({ t, end: t + step, time: fmt.format(t) });
  return ticks;
}

const filterOf = (q: GridQuery): ResourceFilter => ({
  type: q.type,
  locationId: q.locationId,
  floorId: q.floorId,
  capacity: q.capacity,
});

async function callerFacts(
  deps: BookingDeps,
  actor: Actor,
  now: number,
): Promise<{ groups: Set<number>; blocked: boolean }> {
  const [groups, blocked] = await Promise.all([
    groupIdsOf(deps.db, actor.userId),
    deps.blocklistService.isBlocked(deps.db, actor.userId, now),
  ]);
  return { groups: new Set(groups), blocked };
}

const restricted = (r: ResourceInfo, f: { groups: Set<number>; blocked: boolean }) =>
  f.blocked || (r.groupIds.length > 0 && !r.groupIds.some((g) => f.groups.has(g)));

export function resourceHead(r: ResourceInfo, date: string, weekday = weekdayOf(date)) {
  const open = isDisabledOn(r, date) ? null : openOn(r, weekday);
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    capacity: r.capacity,
    locationId: r.locationId,
    floorId: r.floorId,
    timeZone: r.timeZone,
    position: r.position,
    open,
  };
}

/**
 * The grid as JSON text: `{ date, interval, times: { [zone]: ["HH:mm", ...] }, resources: [{ ..., runs }], bookings }`.
 * A cell per object (`cells: [{ time, state, bookingId? }]`) would be the plain shape; a thousand resources of 96 cells
 * made that 3.4 MB, whose building, sending and parsing cost far more than the queries. Here the labels come once
 * per zone and each resource's cells as runs of one state (a handful per day): eight times smaller, the day's
 * bookings being most of what is left. The console expands runs back into cells (console/src/features/center/grid-wire.ts).
 * Resources without bookings or disabled periods that day share their runs text when their hours, zone and access are the same.
 */
export async function gridJson(deps: BookingDeps, actor: Actor, q: GridQuery): Promise<string> {
  const { db } = deps;
  const now = deps.clock.now();
  const bookableFrom = earliestStart(now);
  const f = filterOf(q);
  const [settings, resources, facts] = await Promise.all([
    loadSettings(deps.paramsService),
    loadResources(db, f, weekdayOf(q.date)),
    callerFacts(deps, actor, now),
  ]);
  if (resources.length === 0)
    return JSON.stringify({ date: q.date, interval: settings.interval, times: {}, resources: [], bookings: [] });
  // Zones differ per resource: the window spans the earliest start and latest end of the day among them.
  const zones = [...new Set(resources.map((r) => r.timeZone))];
  const spans = new Map(
    zones.map((z) => [
      z,
      { from: instantOf(q.date, settings.dayStartTime, z), to: instantOf(q.date, settings.dayEndTime, z) },
    ]),
  );
  const from = Math.min(...[...spans.values()].map((s) => s.from));
  const to = Math.max(...[...spans.values()].map((s) => s.to));
  const [rows, disabled, outside] = await Promise.all([
    // The grid's hot path (a day of a thousand resources): plain knex rows instead of models.
    db('bookings')
      .whereIn('resource_id', resourceIdsWhere(db, f))
      .whereIn('state', [...ON_CALENDAR])
      .where('start_at', '<', to)
      .where('start_at', '>', from - DAY_MS)
      .where('end_at', '>', from)
      .select(
        'id',
        'resource_id',
        'organiser_id',
        'subject',
        'meeting_date',
        'start_time',
        'end_time',
        'start_at',
        'end_at',
        'state',
      ) as Promise<Array<Record<string, unknown>>>,
    loadDisabledPeriods(db, f, from, to),
    deps.calendarSyncService.busyOutside(
      resources.map((r) => r.id),
      from,
      to,
    ),
  ]);
  const bookings: GridBooking[] = rows.map((b) => {
    const mine = Number(b.organiser_id) === actor.userId;
    return {
      id: Number(b.id),
      resourceId: Number(b.resource_id),
      organiserId: Number(b.organiser_id),
      mySelf: mine,
      subject: mine || settings.showOthersSubject ? String(b.subject) : null,
      meetingDate: String(b.meeting_date),
      startTime: String(b.start_time),
      endTime: String(b.end_time),
      startAt: Number(b.start_at),
      endAt: Number(b.end_at),
      state: String(b.state),
      checkStatus: checkStatusOf(String(b.state) as BookingState),
    };
  });
  const byResource = new Map<number, GridBooking[]>();
  for (const b of bookings)
    (byResource.get(b.resourceId) ?? byResource.set(b.resourceId, []).get(b.resourceId)!).push(b);
  const periodsBy = new Map<number, DisabledPeriod[]>();
  for (const p of disabled) (periodsBy.get(p.resourceId) ?? periodsBy.set(p.resourceId, []).get(p.resourceId)!).push(p);
  const step = settings.interval * MINUTE_MS;
  const lines = new Map<string, Tick[]>();
  const weekday = weekdayOf(q.date);
  // Runs text of resources with nothing booked or disabled that day, by what decides their states.
  const plain = new Map<string, string>();
  const out: string[] = [];
  for (const r of resources) {
    const head = resourceHead(r, q.date, weekday);
    let ticks = lines.get(r.timeZone);
    if (!ticks)
      lines.set(r.timeZone, (ticks = timeline(q.date, r.timeZone, settings.dayStartTime, settings.dayEndTime, step)));
    const statusOff = isDisabledOn(r, q.date);
    const openDay = openOn(r, weekday);
    const openFrom = openDay ? instantOf(q.date, openDay.from, r.timeZone) : 0;
    const openTo = openDay ? instantOf(q.date, openDay.to, r.timeZone) : 0;
    const held = byResource.get(r.id);
    const periods = periodsBy.get(r.id);
    const away = outside.get(r.id);
    const noRes = restricted(r, facts);
    const key =
      held || periods || away
        ? undefined
        : `${r.timeZone}|${statusOff ? 1 : 0}|${openDay ? `${openFrom}-${openTo}` : '-'}|${noRes ? 1 : 0}`;
    let runs = key === undefined ? undefined : plain.get(key);
    if (runs === undefined) {
      const list: CellRun[] = [];
      let last: CellRun | undefined;
      for (const { t, end } of ticks) {
        const b = held?.find((x) => x.startAt < end && x.endAt > t);
        let state: CellState;
        if (b)
          state = awaitsApproval(b.state) ? (b.mySelf ? 'approvalMine' : 'approvalOther') : b.mySelf ? 'mine' : 'other';
        // A cell is expired once a booking could no longer start at its label: a 30-minute cell halfway through is.
        else if (t < bookableFrom) state = 'expired';
        else if (statusOff || periods?.some((p) => p.startAt < end && p.endAt > t)) state = 'disabled';
        // Busy in the room's calendar with a meeting Atrium does not hold yet (R23.7).
        else if (away?.some((p) => p.startAt < end && p.endAt > t)) state = 'outside';
        else if (!openDay || t < openFrom || end > openTo) state = 'unavailable';
        else if (noRes) state = 'noReservation';
        else state = 'free';
        if (last && last[0] === state && last[2] === b?.id) last[1]++;
        else list.push((last = b ? [state, 1, b.id] : [state, 1]));
      }
      runs = JSON.stringify(list);
      if (key !== undefined) plain.set(key, runs);
    }
    out.push(`${JSON.stringify(head).slice(0, -1)},"runs":${runs}}`);
  }
  const times = Object.fromEntries([...lines].map(([zone, zoneTicks]) => [zone, zoneTicks.map((k) => k.time)]));
  return `{"date":${JSON.stringify(q.date)},"interval":${JSON.stringify(settings.interval)},"times":${JSON.stringify(times)},"resources":[${out.join(',')}],"bookings":${JSON.stringify(bookings)}}`;
}

/** What the inquiry reads: a filter, a date's window and the devices required. */
type InquiryQuery = ResourceFilter &
  Pick<AvailableQuery, 'date' | 'startTime' | 'endTime' | 'deviceIds' | 'deviceNames'>;

/**
 * Where a resource stands over a range: `free` (every rule of the inquiry holds), `taken` (every rule holds but
 * bookings hold some of its time: a range to wait for, R25.2), `out` (any other rule refuses it).
 */
export type Standing = 'free' | 'taken' | 'out';

/** What the inquiry decides from: the candidates, and how one stands over a range of the day's window. */
export interface Inquiry {
  resources: ResourceInfo[];
  /** Over [startTime, endTime): every rule of the inquiry, held slots included. */
  standing(r: ResourceInfo, startTime: string, endTime: string): Standing;
  /** Free for the whole range and bookable by the caller: `standing` is `free`. */
  isFree(r: ResourceInfo, startTime: string, endTime: string): boolean;
}

/**
 * The inquiry's reads for a date's window (`startTime`..`endTime`): the resources of the filter that have the
 * devices, their held slots, disabled periods, the caller's access and the room calendars' busy times, read once;
 * `isFree` then answers any range inside the window. The inquiry asks it for one range, the suggestions
 * (suggest.ts) for every start of a duration.
 */
export async function inquire(deps: BookingDeps, actor: Actor, q: InquiryQuery): Promise<Inquiry> {
  const { db } = deps;
  const now = deps.clock.now();
  const f: ResourceFilter = {
    ids: q.ids,
    type: q.type,
    locationId: q.locationId,
    floorId: q.floorId,
    capacity: q.capacity,
  };
  let resources = await loadResources(db, f, weekdayOf(q.date));
  const devices = await deviceGroups(db, q);
  if (devices.length) {
    const ok = await resourcesWithOneOfEach(db, f, devices);
    resources = resources.filter((r) => ok.has(r.id));
  }
  if (resources.length === 0) return { resources, standing: () => 'out', isFree: () => false };
  const ranges = new Map(
    resources.map((r) => [
      r.id,
      { from: instantOf(q.date, q.startTime, r.timeZone), to: instantOf(q.date, q.endTime, r.timeZone) },
    ]),
  );
  const from = Math.min(...[...ranges.values()].map((s) => s.from));
  const to = Math.max(...[...ranges.values()].map((s) => s.to));
  const [slots, disabled, facts, outside] = await Promise.all([
    db('booking_slots')
      .whereIn(
        'resource_id',
        resources.map((r) => r.id),
      )
      .whereBetween('slot', [Math.floor(from / SLOT_MS), Math.ceil(to / SLOT_MS) - 1])
      .select('resource_id', 'slot') as Promise<Array<{ resource_id: number; slot: number | string }>>,
    loadDisabledPeriods(db, f, from, to),
    callerFacts(deps, actor, now),
    deps.calendarSyncService.busyOutside(
      resources.map((r) => r.id),
      from,
      to,
    ),
  ]);
  const busy = new Map<number, number[]>();
  for (const s of slots)
    (busy.get(Number(s.resource_id)) ?? busy.set(Number(s.resource_id), []).get(Number(s.resource_id))!).push(
      Number(s.slot) * SLOT_MS,
    );
  const weekday = weekdayOf(q.date);
  const standing = (r: ResourceInfo, startTime: string, endTime: string): Standing => {
    const a = instantOf(q.date, startTime, r.timeZone);
    const b = instantOf(q.date, endTime, r.timeZone);
    const open = openOn(r, weekday);
    if (a < earliestStart(now) || isDisabledOn(r, q.date) || !open || restricted(r, facts)) return 'out';
    if (!wallClockExists(q.date, startTime, r.timeZone) || !wallClockExists(q.date, endTime, r.timeZone)) return 'out';
    if (r.allDay || minutesOf(startTime) < minutesOf(open.from) || minutesOf(endTime) > minutesOf(open.to))
      return 'out';
    if (disabled.some((p) => p.resourceId === r.id && p.startAt < b && p.endAt > a)) return 'out';
    if (outside.get(r.id)?.some((p) => p.startAt < b && p.endAt > a)) return 'out';
    // Held slots come last, so `taken` means nothing but bookings keeps the caller from it.
    return (busy.get(r.id) ?? []).some((s) => s < b && s + SLOT_MS > a) ? 'taken' : 'free';
  };
  return { resources, standing, isFree: (r, startTime, endTime) => standing(r, startTime, endTime) === 'free' };
}

/**
 * What the inquiry's resources must have mounted, as groups of which each needs one device (R12.5): every id its
 * own group, and for each name the devices of that name (a "Projector" is a different device in every room).
 */
async function deviceGroups(db: Db, q: AvailableQuery): Promise<number[][]> {
  const ids = q.deviceIds ? [...new Set(q.deviceIds.split(',').map(Number))].map((id) => [id]) : [];
  const names = q.deviceNames?.length ? [...(await mountedDeviceIdsByName(db, q.deviceNames)).values()] : [];
  return [...ids, ...names];
}

type InquiryResult = ReturnType<typeof resourceHead> & { taken?: boolean };

/**
 * Room / desk inquiry (docs/product-rules.md R12.5): the resources free for the whole range that the caller may
 * book; with `includeTaken` also those that only bookings keep from it, each marked `taken` (to wait for, R25.2).
 */
export async function available(
  deps: BookingDeps,
  actor: Actor,
  q: AvailableQuery,
): Promise<{ date: string; startTime: string; endTime: string; resources: InquiryResult[] }> {
  if (minutesOf(q.endTime) <= minutesOf(q.startTime)) throw new BadRequestError('bookings.selectTime');
  const { resources, standing } = await inquire(deps, actor, q);
  const found: InquiryResult[] = [];
  for (const r of resources) {
    const s = standing(r, q.startTime, q.endTime);
    if (s === 'free' || (s === 'taken' && q.includeTaken))
      found.push(q.includeTaken ? { ...resourceHead(r, q.date), taken: s === 'taken' } : resourceHead(r, q.date));
  }
  return { date: q.date, startTime: q.startTime, endTime: q.endTime, resources: found };
}
