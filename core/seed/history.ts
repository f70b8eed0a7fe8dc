/**
 * The demo's past month and coming week, so the dashboard, the reports and the grids show something real: meetings
 * in the rooms and whole-day desk bookings on weekdays within the opening hours, never two on one resource at once.
 * Deterministic: the same PRNG seed and the same day give the same bookings. States follow the lifecycle
 * (docs/product-rules.md R6, core/modules/bookings/lifecycle.ts) as if the commands had run:
 * - past: `ended` after a check-in (its time stays used, so it keeps its slots), `cancelled` by the organiser before
 *   the start (slots freed), or `autoCancelled` when nobody checked in within the check-in window (slots freed, a
 *   no-show violation recorded; at most blocklistMaxViolations - 1 per person within the period, so nobody starts on
 *   the blocklist);
 * - now: `checkedIn`; later today and the coming days: `confirmed`, holding their slots.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { stateColumns, type BookingState } from '../modules/bookings/lifecycle.ts';

const ZONE = 'Asia/Shanghai';
const SLOT_MS = 900_000;
const MINUTE = 60_000;
const PAST_DAYS = 30;
const COMING_DAYS = 7;

const SUBJECTS = [
  'Weekly sync',
  'Sprint planning',
  'Design review',
  'Customer call',
  'Budget review',
  'Interview',
  '1:1',
  'Product demo',
  'Retrospective',
  'Hiring panel',
  'Quarterly planning',
  'Training',
  '项目周会',
  '需求评审',
  '客户拜访准备',
  '定例ミーティング',
  '設計レビュー',
];

/** mulberry32: a small deterministic generator, so every demo start makes the same history. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface HistoryPlace {
  id: number;
  /** 0 room, 1 desk. */
  type: number;
  pricePerHour: number;
  capacity: number;
}

export interface HistoryPerson {
  id: number;
  employeeNo: string;
  phone: string;
}

export interface HistorySettings {
  checkInWindowMinutes: number;
  /** Resource types whose bookings are auto-cancelled without a check-in. */
  autoCancelTypes: number[];
  blocklistMaxViolations: number;
  blocklistPeriodDays: number;
}

interface Planned {
  place: HistoryPlace;
  organiser: HistoryPerson;
  date: string;
  from: number;
  to: number;
  subject: string;
}

/** Weekdays of the month before `now`, today and the coming week, in the demo's zone. */
function days(now: number): string[] {
  const today = DateTime.fromMillis(now, { zone: ZONE }).startOf('day');
  const out: string[] = [];
  for (let d = -PAST_DAYS; d <= COMING_DAYS; d++) {
    const day = today.plus({ days: d });
    if (day.weekday <= 5) out.push(day.toISODate()!);
  }
  return out;
}

const at = (date: string, minutes: number) =>
  DateTime.fromISO(date, { zone: ZONE }).startOf('day').plus({ minutes }).toMillis();
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Meetings one after another in each room (08:00-20:00), whole working days at about half the desks. */
function plan(places: HistoryPlace[], people: HistoryPerson[], now: number, random: () => number): Planned[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const out: Planned[] = [];
  for (const date of days(now)) {
    for (const place of places) {
      if (place.type === 1) {
        if (random() < 0.55) {
          const from = pick([8 * 60 + 30, 9 * 60, 9 * 60, 9 * 60 + 30]);
          out.push({ place, organiser: pick(people), date, from, to: from + 8 * 60 + 30, subject: 'Desk' });
        }
        continue;
      }
      // Bigger rooms are busier; the cursor walks through the day in half hours.
      let cursor = 8 * 60 + 30 * Math.floor(random() * 3);
      while (cursor < 19 * 60) {
        cursor += 30 * Math.floor(random() * (place.capacity >= 10 ? 3 : 5));
        const length = pick([30, 60, 60, 60, 90, 120]);
        if (cursor + length > 20 * 60) break;
        out.push({ place, organiser: pick(people), date, from: cursor, to: cursor + length, subject: pick(SUBJECTS) });
        cursor += length;
      }
    }
  }
  return out;
}

/** Inserts the history; answers how many bookings it made. */
export async function seedHistory(
  trx: Knex.Transaction,
  now: number,
  places: HistoryPlace[],
  people: HistoryPerson[],
  settings: HistorySettings,
): Promise<number> {
  const random = prng(20_261_125);
  const planned = plan(places, people, now, random);
  const violationsOf = new Map<number, number[]>();
  const periodMs = settings.blocklistPeriodDays * 86_400_000;
  const bookings: Array<Record<string, unknown>> = [];
  const holds: boolean[] = [];
  const violations: Array<{ index: number; userId: number; at: number }> = [];
  for (const p of planned) {
    const startAt = at(p.date, p.from);
    const endAt = at(p.date, p.to);
    const createdAt = Math.min(now - 3_600_000, startAt - Math.floor(1 + random() * 6) * 86_400_000);
    const closesAt = startAt + settings.checkInWindowMinutes * MINUTE;
    let state: BookingState;
    // Every row names the same columns: a multi-row insert fills a missing one with NULL, not its default.
    const extra: Record<string, unknown> = {
      cancelled_at: null,
      cancelled_by: null,
      checked_in_at: null,
      is_auto_close: false,
      close_time: null,
    };
    const roll = random();
    if (startAt > now) state = 'confirmed';
    else if (roll < 0.12 && createdAt < startAt - 3_600_000) {
      state = 'cancelled';
      extra.cancelled_at = startAt - Math.floor(1 + random() * 20) * 3_600_000;
      extra.cancelled_by = p.organiser.id;
    } else if (roll < 0.22 && settings.autoCancelTypes.includes(p.place.type) && closesAt <= now) {
      // A no-show, unless it would put the organiser on the blocklist.
      const recent = (violationsOf.get(p.organiser.id) ?? []).filter((t) => t > closesAt - periodMs);
      if (recent.length < settings.blocklistMaxViolations - 1) {
        state = 'autoCancelled';
        Object.assign(extra, { cancelled_at: closesAt, is_auto_close: true, close_time: closesAt });
        violationsOf.set(p.organiser.id, [...recent, closesAt]);
        violations.push({ index: bookings.length, userId: p.organiser.id, at: closesAt });
      } else state = endAt <= now ? 'ended' : 'checkedIn';
    } else state = endAt <= now ? 'ended' : 'checkedIn';
    if (state === 'ended' || state === 'checkedIn')
      extra.checked_in_at = startAt + Math.floor(random() * Math.min(10, settings.checkInWindowMinutes)) * MINUTE;
    holds.push(state === 'confirmed' || state === 'checkedIn' || state === 'ended');
    bookings.push({
      resource_id: p.place.id,
      organiser_id: p.organiser.id,
      meeting_date: p.date,
      start_time: clock(p.from),
      end_time: clock(p.to),
      start_at: startAt,
      end_at: endAt,
      time_zone: ZONE,
      subject: p.subject,
      phone: p.organiser.phone,
      employee_no: p.organiser.employeeNo,
      check_in_code: String(100_000 + Math.floor(random() * 900_000)),
      ...stateColumns(state),
      price_cents: Math.round((p.place.pricePerHour * (p.to - p.from)) / 60),
      created_at: createdAt,
      updated_at: Number(extra.cancelled_at ?? extra.checked_in_at ?? createdAt),
      ...extra,
    });
  }

  // Ids are read back by the order of insertion (one batch at a time), which both databases keep.
  const ids: number[] = [];
  for (let i = 0; i < bookings.length; i += 200) {
    const batch = bookings.slice(i, i + 200);
    await trx('bookings').insert(batch);
    const rows = (await trx('bookings').orderBy('id', 'desc').limit(batch.length).select('id')) as Array<{
      id: number;
    }>;
    ids.push(...rows.map((r) => Number(r.id)).reverse());
  }

  const slots: Array<{ resource_id: number; slot: number; booking_id: number }> = [];
  const attendees: Array<{ booking_id: number; kind: string; user_id: number }> = [];
  bookings.forEach((b, i) => {
    if (holds[i])
      for (let s = Math.floor(Number(b.start_at) / SLOT_MS); s < Math.ceil(Number(b.end_at) / SLOT_MS); s++)
        slots.push({ resource_id: Number(b.resource_id), slot: s, booking_id: ids[i]! });
    if (planned[i]!.place.type === 0) {
      const count = Math.min(planned[i]!.place.capacity - 1, 1 + Math.floor(random() * 4));
      const invited = new Set<number>();
      for (let k = 0; k < count; k++) {
        const person = people[Math.floor(random() * people.length)]!;
        if (person.id !== b.organiser_id) invited.add(person.id);
      }
      for (const userId of invited) attendees.push({ booking_id: ids[i]!, kind: 'inner', user_id: userId });
    }
  });
  for (let i = 0; i < slots.length; i += 500) await trx('booking_slots').insert(slots.slice(i, i + 500));
  for (let i = 0; i < attendees.length; i += 500) await trx('booking_attendees').insert(attendees.slice(i, i + 500));
  if (violations.length)
    await trx('violations').insert(
      violations.map((v) => ({ user_id: v.userId, booking_id: ids[v.index]!, kind: 'noShow', occurred_at: v.at })),
    );
  return bookings.length;
}
