/**
 * "Find me a room" and "a desk near…" (docs/product-rules.md R12.7): for attendees, a duration and a window of a
 * date, each resource's earliest free range of that duration, scored by capacity fit, devices, closeness to where
 * the attendees (or the colleagues) usually sit, and free time around it. Freedom is the inquiry's own answer
 * (grid.ts `inquire`) and the creation's rules are run on every suggestion, so a suggestion books as answered.
 */
import type { Actor } from '../../actor.ts';
import { BadRequestError } from '../../errors.ts';
import { DESK, joinResource } from '../resources/index.ts';
import { teamOf, type Team } from '../users/index.ts';
import type { BookingDeps, Db } from './deps.ts';
import { inquire, resourceHead } from './grid.ts';
import { ON_CALENDAR } from './lifecycle.ts';
import { loadFacts, ruleContext, type Facts } from './plan.ts';
import type { ResourceInfo } from './resources.ts';
import { checkRules } from './rules/index.ts';
import type { SuggestQuery } from './schema.ts';
import { loadSettings, type BookingSettings } from './settings.ts';
import { checkAttendees } from './write.ts';
import { DAY_MS, hhmm, instantOf, minutesOf } from './time.ts';

const STEP = 15;
/** Free time counted around a suggestion, each side: beyond an hour a room is simply free. */
const SLACK = 60;
const USUAL_DAYS = 90;
/** The most people of a team a desk is placed near (R12.7): a whole division stays one bounded read. */
const TEAM_CAP = 200;
/** The parts' weights (R12.7): fit first, then closeness, free time, devices. */
const WEIGHTS = { capacityFit: 0.35, closeness: 0.3, freeTime: 0.2, devices: 0.15 } as const;

export type Reason =
  | { code: 'seatsAll'; params: { capacity: number; people: number } }
  | { code: 'hasDevices'; params: { count: number } }
  | { code: 'sameFloor'; params: { people: number } }
  | { code: 'sameBuilding'; params: { people: number } }
  | { code: 'nearColleague'; params: Record<string, never> }
  | { code: 'colleagueFloor'; params: Record<string, never> }
  | { code: 'nearTeam'; params: Record<string, never> }
  | { code: 'teamFloor'; params: Record<string, never> }
  | { code: 'freeAround'; params: { minutes: number } }
  | { code: 'earliest'; params: Record<string, never> };

interface Place {
  floorId: number | null;
  locationId: number;
  position?: { x: number; y: number } | null;
}

export interface Suggestion {
  resource: ReturnType<typeof resourceHead> & { locationName: string | null; floorName: string | null };
  date: string;
  startTime: string;
  endTime: string;
  score: number;
  parts: { capacityFit: number; devices: number; closeness: number; freeTime: number };
  reasons: Reason[];
}

const ids = (list?: string): number[] => (list ? [...new Set(list.split(',').map(Number))] : []);
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Where each person usually is: the floor and building of most of their bookings (as organiser or attendee) over
 * the last 90 days. Two grouped queries, whatever the number of people.
 */
async function usualPlaces(db: Db, userIds: number[], now: number): Promise<Map<number, Place>> {
  if (!userIds.length) return new Map();
  const since = now - USUAL_DAYS * DAY_MS;
  const counted = (q: ReturnType<Db>, who: string) =>
    joinResource(q, 'b.resource_id', [], { left: false })
      .whereIn(who, userIds)
      .whereIn('b.state', [...ON_CALENDAR])
      .where('b.start_at', '>=', since)
      .where('b.start_at', '<', now + DAY_MS)
      .groupBy(who, 'r.floor_id', 'r.location_id')
      .select(`${who} as user_id`, 'r.floor_id', 'r.location_id')
      .count({ n: '*' }) as unknown as Promise<Row[]>;
  type Row = {
    user_id: number | string;
    floor_id: number | string | null;
    location_id: number | string;
    n: number | string;
  };
  const [organised, attended] = await Promise.all([
    counted(db('bookings as b'), 'b.organiser_id'),
    counted(db('booking_attendees as a').join('bookings as b', 'b.id', 'a.booking_id'), 'a.user_id'),
  ]);
  const tally = new Map<number, Map<string, { place: Place; n: number }>>();
  for (const r of [...organised, ...attended]) {
    const user = Number(r.user_id);
    const place = { floorId: r.floor_id === null ? null : Number(r.floor_id), locationId: Number(r.location_id) };
    const key = `${place.locationId}/${place.floorId}`;
    const mine = tally.get(user) ?? tally.set(user, new Map()).get(user)!;
    const seen = mine.get(key) ?? mine.set(key, { place, n: 0 }).get(key)!;
    seen.n += Number(r.n);
  }
  const out = new Map<number, Place>();
  for (const [user, places] of tally) {
    const best = [...places.values()].sort((a, b) => b.n - a.n || (a.place.floorId ?? 0) - (b.place.floorId ?? 0))[0];
    if (best) out.set(user, best.place);
  }
  return out;
}

/** The desk each colleague holds that date (the first by start), else their usual place. */
async function colleaguePlaces(db: Db, userIds: number[], date: string, now: number): Promise<Place[]> {
  if (!userIds.length) return [];
  const rows = (await joinResource(db('bookings as b'), 'b.resource_id', [], { left: false })
    .whereIn('b.organiser_id', userIds)
    .where('b.meeting_date', date)
    .where('r.type', DESK)
    .whereIn('b.state', [...ON_CALENDAR])
    .orderBy('b.start_at')
    .select('b.organiser_id', 'r.floor_id', 'r.location_id', 'r.pos_x', 'r.pos_y')) as Array<{
    organiser_id: number | string;
    floor_id: number | string | null;
    location_id: number | string;
    pos_x: number | null;
    pos_y: number | null;
  }>;
  const booked = new Map<number, Place>();
  for (const r of rows)
    if (!booked.has(Number(r.organiser_id)))
      booked.set(Number(r.organiser_id), {
        floorId: r.floor_id === null ? null : Number(r.floor_id),
        locationId: Number(r.location_id),
        position: r.pos_x === null || r.pos_y === null ? null : { x: Number(r.pos_x), y: Number(r.pos_y) },
      });
  const rest = userIds.filter((u) => !booked.has(u));
  const usual = await usualPlaces(db, rest, now);
  return userIds.flatMap((u) => {
    const p = booked.get(u) ?? usual.get(u);
    return p ? [p] : [];
  });
}

/**
 * Whom a desk is placed near: the colleagues named, or the people of the caller's department (docs/product-rules.md
 * R12.7), never both. The team is the users module's to answer; a caller with no department has none.
 */
async function nearWhom(deps: BookingDeps, actor: Actor, q: SuggestQuery, near: number[]): Promise<Team | undefined> {
  if (!q.nearTeam) return undefined;
  if (q.type !== 'desk') throw new BadRequestError('bookings.teamDesksOnly');
  if (near.length) throw new BadRequestError('bookings.nearOrTeam');
  const team = await teamOf(deps.db, actor.userId, TEAM_CAP);
  if (!team) throw new BadRequestError('bookings.noTeam');
  return team;
}

/** The attendees' closeness to a room: 1 a person on its floor, ½ in its building (R12.7); the mean of those known. */
function attendeeCloseness(r: ResourceInfo, usual: Place[]): { value: number; floor: number; building: number } {
  const floor = usual.filter((p) => p.floorId !== null && p.floorId === r.floorId).length;
  const building = usual.filter((p) => p.locationId === r.locationId).length - floor;
  return { value: usual.length ? (floor + building / 2) / usual.length : 0, floor, building };
}

/**
 * A desk's closeness to the colleagues: on a colleague's floor ½, plus up to ½ the nearer it stands to their desk on
 * the plan (when both are placed); in their building ¼. The mean over the colleagues.
 */
function deskCloseness(
  r: ResourceInfo,
  anchors: Place[],
  span: number,
): { value: number; floor: boolean; near: boolean } {
  if (!anchors.length) return { value: 0, floor: false, near: false };
  let sum = 0;
  let floor = false;
  let near = false;
  for (const a of anchors) {
    if (a.floorId !== null && a.floorId === r.floorId) {
      floor = true;
      const p = a.position;
      const q = r.position;
      const plan = p && q && span > 0 ? 1 - Math.hypot(p.x - q.x, p.y - q.y) / span : 0;
      if (plan > 0) near = true;
      sum += 0.5 + plan / 2;
    } else if (a.locationId === r.locationId) sum += 0.25;
  }
  return { value: sum / anchors.length, floor, near };
}

/** The farthest two placed resources stand apart: plan distances are measured against it. */
function planSpan(resources: ResourceInfo[]): number {
  const placed = resources.flatMap((r) => (r.position ? [r.position] : []));
  if (placed.length < 2) return 0;
  const xs = placed.map((p) => p.x);
  const ys = placed.map((p) => p.y);
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

export async function suggest(
  deps: BookingDeps,
  actor: Actor,
  q: SuggestQuery,
): Promise<{ date: string; people: number; team?: { name: string; members: number }; suggestions: Suggestion[] }> {
  const from = minutesOf(q.from);
  const to = minutesOf(q.to);
  if (to <= from) throw new BadRequestError('bookings.selectTime');
  if (to - from < q.durationMinutes) throw new BadRequestError('bookings.suggestWindow');
  const desk = q.type === 'desk';
  const attendees = ids(q.attendees).filter((u) => u !== actor.userId);
  const near = ids(q.near);
  const required = ids(q.deviceIds).length + (q.deviceNames?.length ?? 0);
  const [team] = await Promise.all([
    nearWhom(deps, actor, q, near),
    checkAttendees(deps.db, attendees),
    checkAttendees(deps.db, near),
  ]);
  const people = desk ? 1 : attendees.length + 1;
  const now = deps.clock.now();
  // Read an hour beyond each side of the window: the free time around a range at its edges counts too.
  const [inquiry, settings, facts, usual, anchors] = await Promise.all([
    inquire(deps, actor, {
      date: q.date,
      startTime: hhmm(Math.max(0, from - SLACK)),
      endTime: hhmm(Math.min(1440, to + SLACK)),
      type: desk ? DESK : 0,
      locationId: q.locationId,
      floorId: q.floorId,
      capacity: desk ? undefined : people,
      deviceIds: q.deviceIds,
      deviceNames: q.deviceNames,
    }),
    loadSettings(deps.paramsService),
    loadFacts(deps.db, deps, actor.userId, now),
    desk ? Promise.resolve(new Map<number, Place>()) : usualPlaces(deps.db, [actor.userId, ...attendees], now),
    desk ? colleaguePlaces(deps.db, team?.memberIds ?? near, q.date, now) : Promise.resolve([]),
  ]);
  const span = planSpan(inquiry.resources);
  const known = [...usual.values()];
  const out: Suggestion[] = [];
  for (const r of inquiry.resources) {
    const found = earliestRange(
      from,
      to,
      q.durationMinutes,
      (a, b) => inquiry.isFree(r, a, b) && bookable(actor, r, q.date, a, b, { settings, facts, now }),
    );
    // Midnight is a start like any other (0).
    if (found === null) continue;
    const reasons: Reason[] = [];
    const capacityFit = desk ? 1 : Math.min(1, people / Math.max(1, r.capacity));
    if (!desk) reasons.push({ code: 'seatsAll', params: { capacity: r.capacity, people } });
    if (required) reasons.push({ code: 'hasDevices', params: { count: required } });
    let closeness: number;
    if (desk) {
      const c = deskCloseness(r, anchors, span);
      closeness = c.value;
      if (c.near) reasons.push({ code: team ? 'nearTeam' : 'nearColleague', params: {} });
      else if (c.floor) reasons.push({ code: team ? 'teamFloor' : 'colleagueFloor', params: {} });
    } else {
      const c = attendeeCloseness(r, known);
      closeness = c.value;
      if (c.floor) reasons.push({ code: 'sameFloor', params: { people: c.floor } });
      else if (c.building) reasons.push({ code: 'sameBuilding', params: { people: c.building } });
    }
    const around = freeAround(found, found + q.durationMinutes, (a, b) => inquiry.isFree(r, a, b));
    if (around >= SLACK) reasons.push({ code: 'freeAround', params: { minutes: around } });
    const lateness = to - from > q.durationMinutes ? (found - from) / (to - from - q.durationMinutes) : 0;
    if (lateness === 0) reasons.push({ code: 'earliest', params: {} });
    const freeTime = (around / (2 * SLACK) + (1 - lateness)) / 2;
    const parts = { capacityFit, devices: 1, closeness, freeTime };
    const score =
      WEIGHTS.capacityFit * capacityFit +
      WEIGHTS.devices * parts.devices +
      WEIGHTS.closeness * closeness +
      WEIGHTS.freeTime * freeTime;
    out.push({
      resource: { ...resourceHead(r, q.date), locationName: r.locationName, floorName: r.floorName },
      date: q.date,
      startTime: hhmm(found),
      endTime: hhmm(found + q.durationMinutes),
      score: round(score),
      parts: {
        capacityFit: round(capacityFit),
        devices: 1,
        closeness: round(closeness),
        freeTime: round(freeTime),
      },
      reasons,
    });
  }
  // Best score first; equal scores by the earlier start (the resources' own order after that, as listed).
  out.sort((a, b) => b.score - a.score || minutesOf(a.startTime) - minutesOf(b.startTime));
  return {
    date: q.date,
    people,
    ...(team && { team: { name: team.name, members: team.memberIds.length } }),
    suggestions: out.slice(0, q.limit),
  };
}

/** The first start on the 15-minute grid of the window whose range of the duration is free and bookable. */
function earliestRange(
  from: number,
  to: number,
  duration: number,
  ok: (startTime: string, endTime: string) => boolean,
): number | null {
  for (let m = Math.ceil(from / STEP) * STEP; m + duration <= to; m += STEP)
    if (ok(hhmm(m), hhmm(m + duration))) return m;
  return null;
}

/** Free minutes just before and just after a range (each side up to an hour, within the day), 15 at a time. */
function freeAround(start: number, end: number, free: (a: string, b: string) => boolean): number {
  let before = 0;
  while (before < SLACK && start - before - STEP >= 0 && free(hhmm(start - before - STEP), hhmm(start - before)))
    before += STEP;
  let after = 0;
  while (after < SLACK && end + after + STEP <= 1440 && free(hhmm(end + after), hhmm(end + after + STEP)))
    after += STEP;
  return before + after;
}

/** The creation's rules (maximum duration, days ahead, the caller's count, credit, …) for one range. */
function bookable(
  actor: Actor,
  resource: ResourceInfo,
  date: string,
  startTime: string,
  endTime: string,
  { settings, facts, now }: { settings: BookingSettings; facts: Facts; now: number },
): boolean {
  const times = {
    meetingDate: date,
    startTime,
    endTime,
    wholeDay: false,
    startAt: instantOf(date, startTime, resource.timeZone),
    endAt: instantOf(date, endTime, resource.timeZone),
  };
  return checkRules(ruleContext({ now, actor, resource, times, settings, facts, disabled: [] })).length === 0;
}
