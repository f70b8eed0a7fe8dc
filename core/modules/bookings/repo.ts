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
import { ApprovalModel, BookingAttendeeModel, BookingModel } from './model.ts';
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

/**
 * A booking as the engine passes it around: the model's columns, and the check status its state implies. A row
 * just inserted (insertBookingRow) lacks the columns it left to their defaults: those read as their defaults.
 */
export function bookingOf(m: BookingModel): BookingRow {
  return {
    id: m.id,
    resourceId: m.resourceId,
    organiserId: m.organiserId,
    seriesId: m.seriesId ?? null,
    seriesDate: m.seriesDate ?? null,
    detached: m.detached ?? false,
    meetingDate: m.meetingDate,
    startTime: m.startTime,
    endTime: m.endTime,
    wholeDay: m.wholeDay ?? false,
    startAt: m.startAt,
    endAt: m.endAt,
    timeZone: m.timeZone,
    subject: m.subject,
    phone: m.phone ?? null,
    employeeNo: m.employeeNo ?? null,
    remarks: m.remarks ?? null,
    checkInCode: m.checkInCode,
    state: m.state,
    checkStatus: checkStatusOf(m.state),
    reminderMinutes: m.reminderMinutes ?? 0,
    remindAt: m.remindAt ?? null,
    isAutoClose: m.isAutoClose ?? false,
    closeTime: m.closeTime ?? null,
    checkedInAt: m.checkedInAt ?? null,
    cancelledAt: m.cancelledAt ?? null,
    cancelReason: m.cancelReason ?? null,
    priceCents: m.priceCents ?? 0,
    sequence: m.sequence ?? 0,
  };
}

/** A bookings row a plain knex query answered (a join, a locked batch), mapped as the model maps it. */
export function toBookingRow(r: object): BookingRow {
  return bookingOf(BookingModel.fromDatabaseJson(r));
}

/** One booking, locked for update when inside a transaction that will change it. */
export async function getBooking(db: Db, id: number, lock = false): Promise<BookingRow> {
  const q = BookingModel.query(db).findById(id);
  if (lock) q.forUpdate();
  const booking = await q;
  if (!booking) throw new NotFoundError('booking', id);
  return bookingOf(booking);
}

export interface Attendees {
  inner: number[];
  outer: Array<{ name: string; email: string }>;
}

export async function attendeesOf(db: Db, ids: number[]): Promise<Map<number, Attendees>> {
  const out = new Map<number, Attendees>(ids.map((id) => [id, { inner: [], outer: [] }]));
  if (ids.length === 0) return out;
  const rows = await BookingAttendeeModel.query(db)
    .whereIn('booking_id', ids)
    .orderBy('id')
    .select('booking_id', 'kind', 'user_id', 'name', 'email');
  // A guest is someone the meeting can reach: a colleague by user id, an outsider by address (named by it
  // when the name is missing). The API view, the change and the event snapshot all read guests here.
  for (const r of rows) {
    const a = out.get(r.bookingId)!;
    if (r.kind === 'inner' && r.userId !== null && r.userId !== undefined) a.inner.push(r.userId);
    else if (r.kind === 'outer' && r.email) a.outer.push({ name: r.name || r.email, email: r.email });
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

/** The attendees as attendeesOf will read them back once writeAttendees has written them. */
export function asWritten(a: Attendees): Attendees {
  return {
    inner: [...new Set(a.inner)],
    outer: a.outer.filter((o) => o.email).map((o) => ({ name: o.name || o.email, email: o.email })),
  };
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
      ? ApprovalModel.query(db).whereIn('booking_id', pendingIds).where('state', 'pending').select('id', 'booking_id')
      : Promise.resolve([]),
  ]);
  const sights = await sightsOf(db, actor, rows, att);
  const showOthersSubject = [...sights.values()].includes('bystander')
    ? (await loadSettings(deps.paramsService)).showOthersSubject
    : false;
  const approvalOf = new Map(approvals.map((a) => [a.bookingId, a.id]));
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
  const rows = (await BookingModel.query(db).whereIn('id', ids).orderBy('id')).map(bookingOf);
  const [names, att] = await Promise.all([
    resourceNames(
      db,
      rows.map((r) => r.resourceId),
    ),
    attendeesOf(db, ids),
  ]);
  return rows.map((b) => snapshotOf(b, names.get(b.resourceId), att.get(b.id)));
}
