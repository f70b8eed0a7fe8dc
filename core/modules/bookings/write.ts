/**
 * Writing one booking row with everything that belongs to it, inside the caller's
 * transaction: slots (the double-booking guard), attendees, approval, charge, log.
 */
import type { Knex } from 'knex';
import { ValidationError } from '../../errors.ts';
import type { AnyEvent, BookingEventName, BookingSnapshot } from '../../event-types.ts';
import { logReservation, reservationLogInsert, type ReservationEntry } from '../logs/index.ts';
import type { Db } from './deps.ts';
import { charge } from './credits.ts';
import { newCheckInCode, type Times } from './plan.ts';
import { snapshotsOf, toBookingRow, writeAttendees, type Attendees, type BookingRow } from './repo.ts';
import { initialState, stateColumns } from './lifecycle.ts';
import type { ResourceInfo } from './resources.ts';
import type { BookingSettings } from './settings.ts';
import { alreadyBooked, conflictRanges, insertSlots, SlotTaken, slotsInsert, slotTakenOr } from './slots.ts';
import { runTx } from '../../db/transaction.ts';
import { sendTogether, takesBatches } from '../../db/batch.ts';
import { MINUTE_MS } from './time.ts';
import type { Cradle } from '../../cradle.ts';
import { existingUserIds } from '../users/index.ts';

export interface BookingFields {
  subject: string;
  phone?: string | null;
  employeeId?: string | null;
  remarks?: string | null;
  reminderMinutes: number;
  attendees: Attendees;
}

export function remindAt(startAt: number, reminderMinutes: number): number | null {
  return reminderMinutes > 0 ? startAt - reminderMinutes * MINUTE_MS : null;
}

export async function insertBooking(
  trx: Knex.Transaction,
  a: {
    now: number;
    resource: ResourceInfo;
    times: Times;
    organiserId: number;
    fields: BookingFields;
    settings: BookingSettings;
    pending: boolean;
    price: number;
    seriesId?: number;
    seriesDate?: string;
    /** Where the booking was made, for the reservation log (a door tablet's "book now"). */
    channel?: ReservationEntry['channel'];
  },
): Promise<number> {
  return (await insertBookingRow(trx, a)).id;
}

/** Like insertBooking, answering the row as written, so the caller can answer without reading it back. */
export async function insertBookingRow(
  trx: Knex.Transaction,
  a: Parameters<typeof insertBooking>[1],
): Promise<BookingRow> {
  const { now, resource, times, fields } = a;
  const row = {
    resource_id: resource.id,
    organiser_id: a.organiserId,
    series_id: a.seriesId ?? null,
    series_date: a.seriesDate ?? null,
    detached: false,
    meeting_date: times.meetingDate,
    start_time: times.startTime,
    end_time: times.endTime,
    whole_day: times.wholeDay,
    start_at: times.startAt,
    end_at: times.endAt,
    time_zone: resource.timeZone,
    subject: fields.subject,
    phone: fields.phone ?? null,
    employee_no: fields.employeeId ?? null,
    remarks: fields.remarks ?? null,
    check_in_code: newCheckInCode(a.settings.passCodeLength),
    ...stateColumns(initialState(a.pending)),
    reminder_minutes: fields.reminderMinutes,
    remind_at: remindAt(times.startAt, fields.reminderMinutes),
    price_cents: a.price,
    sequence: 0,
    created_at: now,
    updated_at: now,
  };
  const entry = {
    resourceId: resource.id,
    userId: a.organiserId,
    action: 'created',
    detail: { ...times, pending: a.pending },
    channel: a.channel,
  };
  let bookingId: number;
  if (takesBatches(trx)) {
    // The row, its slots and its log entry in one round trip: the later two take the id the database just gave
    // (core/db/batch.ts). A taken slot fails the batch at its slot rows, and the transaction rolls back.
    const id = trx.raw('@booking_id');
    const statements = [
      trx('bookings').insert(row),
      trx.raw('SET @booking_id = LAST_INSERT_ID()'),
      slotsInsert(trx, resource.id, id, times.startAt, times.endAt),
      reservationLogInsert(trx, now, { ...entry, bookingId: id }),
    ].filter((q) => q !== undefined);
    try {
      bookingId = (await sendTogether(trx, statements))[0]!;
    } catch (err) {
      throw slotTakenOr(err, resource.id, times.startAt, times.endAt);
    }
  } else {
    bookingId = Number((await trx('bookings').insert(row))[0]);
    await insertSlots(trx, resource.id, bookingId, times.startAt, times.endAt);
    await logReservation(trx, now, { ...entry, bookingId });
  }
  await writeAttendees(trx, bookingId, fields.attendees, true);
  if (a.pending) await trx('approvals').insert({ booking_id: bookingId, state: 'pending', created_at: now });
  if (a.price > 0) await charge(trx, now, a.organiserId, bookingId, a.price);
  return toBookingRow({ ...row, id: bookingId });
}

/** Inner attendees must be existing users: a typo'd id is a 400, not a foreign-key 500. */
export async function checkAttendees(db: Db, inner: number[]): Promise<void> {
  const ids = [...new Set(inner)];
  if (ids.length === 0) return;
  const found = await existingUserIds(db, ids);
  const missing = ids.filter((i) => !found.has(i));
  if (missing.length)
    throw new ValidationError(
      [{ field: 'innerAttendees', message: `unknown users: ${missing.join(', ')}` }],
      'bookings.unknownAttendee',
    );
}

/**
 * The events a booking command collects while it changes bookings (`add`), written into the change record by
 * writeTx just before its transaction commits; the bus hears them after.
 */
export class PendingEvents {
  private readonly list: Array<{ name: BookingEventName; bookingId: number; actorId: number; reason?: string | null }> =
    [];
  /** Snapshots the command already holds (a booking it has just written whole), so flush need not read them back. */
  private readonly known = new Map<number, BookingSnapshot>();

  add(name: BookingEventName, bookingId: number, actorId: number, reason?: string | null): void {
    this.list.push({ name, bookingId, actorId, reason });
  }

  /**
   * The booking exactly as this transaction leaves it: for a row the command has just inserted and will not
   * change again (a creation), which saves reading it back (three statements on the busiest write).
   */
  knows(snapshot: BookingSnapshot): void {
    this.known.set(snapshot.id, snapshot);
  }

  /** Forgets what an earlier run of the transaction collected (a deadlock victim runs again from the start). */
  clear(): void {
    this.list.length = 0;
    this.known.clear();
  }

  /** Records the events with each booking as this transaction sees it, so the record is what commits. */
  async flush(trx: Knex.Transaction, changeLog: Cradle['changeLog']): Promise<void> {
    if (this.list.length === 0) return;
    const unknown = [...new Set(this.list.map((e) => e.bookingId))].filter((id) => !this.known.has(id));
    const snaps = new Map([...this.known, ...(await snapshotsOf(trx, unknown)).map((s) => [s.id, s] as const)]);
    const events: AnyEvent[] = [];
    for (const e of this.list) {
      const booking = snaps.get(e.bookingId);
      if (booking) events.push({ name: e.name, payload: { booking, actorId: e.actorId, reason: e.reason ?? null } });
    }
    await changeLog.record(trx, events);
  }
}

/**
 * Runs a booking command's transaction (core/db/transaction.ts: a deadlock victim runs again) and writes the
 * events it collected into the change record just before COMMIT, with snapshots read in the transaction, so
 * the record is exactly what committed. A taken slot becomes a 409 listing the conflicting ranges, read after
 * the rollback (SQLite has one connection, and MySQL's snapshot inside the transaction may predate the winner).
 */
export async function writeTx<T>(
  deps: { db: Knex; changeLog: Cradle['changeLog'] },
  events: PendingEvents,
  fn: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await runTx(deps.db, async (trx) => {
      events.clear();
      const result = await fn(trx);
      await events.flush(trx, deps.changeLog);
      return result;
    });
  } catch (err) {
    if (!(err instanceof SlotTaken)) throw err;
    const ranges = await conflictRanges(deps.db, err.resourceId, err.startAt, err.endAt, err.bookingId);
    throw alreadyBooked(ranges.length ? ranges : [{ startAt: err.startAt, endAt: err.endAt }]);
  }
}
