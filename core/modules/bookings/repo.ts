/**
 * Booking rows: reading, mapping to the API view and to the event snapshot.
 * Everything takes the caller's transaction (or the pool).
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import { NotFoundError } from '../../errors.ts';
import type { BookingSnapshot, BookingTimes } from '../../event-types.ts';
import type { BookingDeps, Db } from './deps.ts';
import { awaitsApproval, checkStatusOf, type BookingState, type CheckStatus } from './lifecycle.ts';
import type { BookingView } from './schema.ts';
import { loadSettings } from './settings.ts';
import { sightsOf, type Sight } from './sight.ts';
import { joinFloor, joinLocation } from '../locations/index.ts';
import { resourcesWhere } from '../resources/index.ts';

export interface BookingRow extends BookingTimes {
  id: number;
  resourceId: number;
  organiserId: number;
  seriesId: number | null;
  seriesDate: string | null;
  detached: boolean;
  timeZone: string;
  subject: string;
  phone: string | null;
  employeeNo: string | null;
  remarks: string | null;
  checkInCode: string;
  state: BookingState;
  checkStatus: CheckStatus;
  reminderMinutes: number;
  remindAt: number | null;
  isAutoClose: boolean;
  closeTime: number | null;
  checkedInAt: number | null;
  cancelledAt: number | null;
  cancelReason: string | null;
  priceCents: number;
  sequence: number;
}

type Row = Record<string, unknown>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const bool = (v: unknown): boolean => v === true || v === 1 || v === '1';

export function toBookingRow(r: Row): BookingRow {
  // Only the booking engine writes the column, and only states of the lifecycle.
  const state = String(r.state) as BookingState;
  return {
    id: Number(r.id),
    resourceId: Number(r.resource_id),
    organiserId: Number(r.organiser_id),
    seriesId: num(r.series_id),
    seriesDate: (r.series_date as string | null) ?? null,
    detached: bool(r.detached),
    meetingDate: String(r.meeting_date),
    startTime: String(r.start_time),
    endTime: String(r.end_time),
    wholeDay: bool(r.whole_day),
    startAt: Number(r.start_at),
    endAt: Number(r.end_at),
    timeZone: String(r.time_zone),
    subject: String(r.subject),
    phone: (r.phone as string | null) ?? null,
    employeeNo: (r.employee_no as string | null) ?? null,
    remarks: (r.remarks as string | null) ?? null,
    checkInCode: String(r.check_in_code),
    state,
    checkStatus: checkStatusOf(state),
    reminderMinutes: Number(r.reminder_minutes),
    remindAt: num(r.remind_at),
    isAutoClose: bool(r.is_auto_close),
    closeTime: num(r.close_time),
    checkedInAt: num(r.checked_in_at),
    cancelledAt: num(r.cancelled_at),
    cancelReason: (r.cancel_reason as string | null) ?? null,
    priceCents: Number(r.price_cents),
    sequence: Number(r.sequence),
  };
}

/** One booking, locked for update when inside a transaction that will change it. */
export async function getBooking(db: Db, id: number, lock = false): Promise<BookingRow> {
  const q = db('bookings').where({ id });
  if (lock) q.forUpdate();
  const row = (await q.first()) as Row | undefined;
  if (!row) throw new NotFoundError('booking', id);
  return toBookingRow(row);
}

export interface Attendees {
  inner: number[];
  outer: Array<{ name: string; email: string }>;
}

export async function attendeesOf(db: Db, ids: number[]): Promise<Map<number, Attendees>> {
  const out = new Map<number, Attendees>(ids.map((id) => [id, { inner: [], outer: [] }]));
  if (ids.length === 0) return out;
  const rows = (await db('booking_attendees')
    .whereIn('booking_id', ids)
    .orderBy('id')
    .select('booking_id', 'kind', 'user_id', 'name', 'email')) as Row[];
  // A guest is someone the meeting can reach: a colleague by user id, an outsider by address (named by it
  // when the name is missing). The API view, the change and the event snapshot all read guests here.
  for (const r of rows) {
    const a = out.get(Number(r.booking_id))!;
    if (r.kind === 'inner' && r.user_id !== null && r.user_id !== undefined) a.inner.push(Number(r.user_id));
    else if (r.kind === 'outer' && r.email) a.outer.push({ name: String(r.name || r.email), email: String(r.email) });
  }
  return out;
}

export async function writeAttendees(
  trx: Knex.Transaction,
  bookingId: number,
  a: Attendees,
  fresh = false,
): Promise<void> {
  if (!fresh) await trx('booking_attendees').where({ booking_id: bookingId }).delete();
  const rows = [
    ...[...new Set(a.inner)].map((userId) => ({ booking_id: bookingId, kind: 'inner', user_id: userId })),
    ...a.outer.map((o) => ({ booking_id: bookingId, kind: 'outer', name: o.name, email: o.email })),
  ];
  if (rows.length) await trx('booking_attendees').insert(rows);
}

export interface ResourceNames {
  name: string;
  type: number;
  locationName: string | null;
  floorName: string | null;
}

export async function resourceNames(db: Db, ids: number[]): Promise<Map<number, ResourceNames>> {
  if (ids.length === 0) return new Map();
  // One round trip on every booking change (the snapshot): the resources' and locations' query helpers.
  const rows = (await joinFloor(
    joinLocation(resourcesWhere(db, { ids: [...new Set(ids)] }), 'r.location_id', ['name as location_name']),
    'r.floor_id',
    ['display_name as floor_name'],
  ).select('r.id', 'r.name', 'r.type')) as Array<{
    id: number;
    name: string;
    type: number;
    location_name: string | null;
    floor_name: string | null;
  }>;
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { name: r.name, type: Number(r.type), locationName: r.location_name ?? null, floorName: r.floor_name ?? null },
    ]),
  );
}

/** The API view of a booking at the caller's sight (see sight.ts). */
export function toView(
  b: BookingRow,
  sight: Sight,
  names: ResourceNames | undefined,
  a: Attendees | undefined,
  showOthersSubject = false,
): BookingView {
  const mine = sight === 'organiser';
  const grid = {
    id: b.id,
    resourceId: b.resourceId,
    resourceName: names?.name ?? '',
    organiserId: b.organiserId,
    mySelf: mine,
    meetingDate: b.meetingDate,
    startTime: b.startTime,
    endTime: b.endTime,
    wholeDay: b.wholeDay,
    startAt: b.startAt,
    endAt: b.endAt,
    timeZone: b.timeZone,
    state: b.state,
    checkStatus: b.checkStatus,
    sequence: b.sequence,
    phone: mine ? b.phone : null,
    employeeId: mine ? b.employeeNo : null,
  };
  if (sight === 'bystander')
    return {
      ...grid,
      subject: showOthersSubject ? b.subject : null,
      remarks: null,
      checkInCode: null,
      seriesId: null,
      seriesDate: null,
      detached: false,
      reminderMinutes: 0,
      remindAt: null,
      isAutoClose: false,
      closeTime: null,
      checkedInAt: null,
      cancelledAt: null,
      cancelReason: null,
      priceCents: 0,
      innerAttendees: [],
      outerAttendees: [],
    };
  return {
    ...grid,
    subject: b.subject,
    remarks: b.remarks,
    // The code opens the room at the door tablet: the people the meeting's mails carry it to, nobody else.
    checkInCode: mine || sight === 'attendee' ? b.checkInCode : null,
    seriesId: b.seriesId,
    seriesDate: b.seriesDate,
    detached: b.detached,
    reminderMinutes: b.reminderMinutes,
    remindAt: b.remindAt,
    isAutoClose: b.isAutoClose,
    closeTime: b.closeTime,
    checkedInAt: b.checkedInAt,
    cancelledAt: b.cancelledAt,
    cancelReason: b.cancelReason,
    priceCents: b.priceCents,
    innerAttendees: a?.inner ?? [],
    outerAttendees: a?.outer ?? [],
  };
}

/** The views of rows for one caller, each at that caller's sight. */
export async function viewsOf(
  deps: Pick<BookingDeps, 'db' | 'paramsService'>,
  rows: BookingRow[],
  actor: Actor,
): Promise<BookingView[]> {
  const { db } = deps;
  const pendingIds = rows.filter((r) => awaitsApproval(r.state)).map((r) => r.id);
  const [names, att, approvals] = await Promise.all([
    resourceNames(
      db,
      rows.map((r) => r.resourceId),
    ),
    attendeesOf(
      db,
      rows.map((r) => r.id),
    ),
    pendingIds.length
      ? (db('approvals')
          .whereIn('booking_id', pendingIds)
          .where('state', 'pending')
          .select('id', 'booking_id') as Promise<Row[]>)
      : Promise.resolve([] as Row[]),
  ]);
  const sights = await sightsOf(db, actor, rows, att);
  const showOthersSubject = [...sights.values()].includes('bystander')
    ? (await loadSettings(deps.paramsService)).showOthersSubject
    : false;
  const approvalOf = new Map(approvals.map((a) => [Number(a.booking_id), Number(a.id)]));
  return rows.map((r) => {
    const sight = sights.get(r.id)!;
    return {
      ...toView(r, sight, names.get(r.resourceId), att.get(r.id), showOthersSubject),
      approvalId: sight === 'bystander' ? null : (approvalOf.get(r.id) ?? null),
    };
  });
}

export function snapshotOf(b: BookingRow, n: ResourceNames | undefined, a: Attendees | undefined): BookingSnapshot {
  return {
    id: b.id,
    resourceId: b.resourceId,
    resourceName: n?.name ?? '',
    resourceType: n?.type ?? 0,
    locationName: n?.locationName ?? null,
    floorName: n?.floorName ?? null,
    organiserId: b.organiserId,
    subject: b.subject,
    meetingDate: b.meetingDate,
    startTime: b.startTime,
    endTime: b.endTime,
    wholeDay: b.wholeDay,
    startAt: b.startAt,
    endAt: b.endAt,
    timeZone: b.timeZone,
    state: b.state,
    checkStatus: b.checkStatus,
    checkInCode: b.checkInCode,
    seriesId: b.seriesId,
    reminderMinutes: b.reminderMinutes,
    remarks: b.remarks,
    sequence: b.sequence,
    innerAttendeeIds: a?.inner ?? [],
    outerAttendees: a?.outer ?? [],
  };
}

/**
 * Bookings as the change record and the messages carry them (the one mapping of a booking to its snapshot),
 * in id order; an id with no row is left out.
 */
export async function snapshotsOf(db: Db, ids: number[]): Promise<BookingSnapshot[]> {
  if (ids.length === 0) return [];
  const rows = ((await db('bookings').whereIn('id', ids).orderBy('id')) as Row[]).map(toBookingRow);
  const [names, att] = await Promise.all([
    resourceNames(
      db,
      rows.map((r) => r.resourceId),
    ),
    attendeesOf(db, ids),
  ]);
  return rows.map((b) => snapshotOf(b, names.get(b.resourceId), att.get(b.id)));
}
