/**
 * Reads a booking as the bus's BookingSnapshot, for the reminder job (the
 * booking engine hands snapshots with its events; reminders start from a row).
 */
import type { Knex } from 'knex';
import type { BookingSnapshot } from '../../event-types.ts';
import { checkStatusOf, type BookingState } from '../bookings/lifecycle.ts';

export async function readSnapshot(db: Knex | Knex.Transaction, id: number): Promise<BookingSnapshot | undefined> {
  const b = await db('bookings as b')
    .join('resources as r', 'r.id', 'b.resource_id')
    .leftJoin('locations as l', 'l.id', 'r.location_id')
    .leftJoin('floors as f', 'f.id', 'r.floor_id')
    .where('b.id', id)
    .first(
      'b.*',
      'r.name as resource_name',
      'r.type as resource_type',
      'l.name as location_name',
      'f.display_name as floor_name',
    );
  if (!b) return undefined;
  const attendees = await db('booking_attendees').where({ booking_id: id }).select('kind', 'user_id', 'name', 'email');
  return {
    id: Number(b.id),
    resourceId: Number(b.resource_id),
    resourceName: String(b.resource_name),
    resourceType: Number(b.resource_type),
    locationName: b.location_name ?? null,
    floorName: b.floor_name ?? null,
    organiserId: Number(b.organiser_id),
    subject: String(b.subject),
    meetingDate: String(b.meeting_date),
    startTime: String(b.start_time),
    endTime: String(b.end_time),
    wholeDay: Boolean(b.whole_day),
    startAt: Number(b.start_at),
    endAt: Number(b.end_at),
    timeZone: String(b.time_zone),
    state: String(b.state) as BookingState,
    checkStatus: checkStatusOf(String(b.state) as BookingState),
    checkInCode: String(b.check_in_code),
    seriesId: b.series_id === null ? null : Number(b.series_id),
    reminderMinutes: Number(b.reminder_minutes),
    remarks: b.remarks ?? null,
    sequence: Number(b.sequence),
    innerAttendeeIds: attendees.filter((a) => a.kind === 'inner' && a.user_id !== null).map((a) => Number(a.user_id)),
    outerAttendees: attendees
      .filter((a) => a.kind === 'outer' && a.email)
      .map((a) => ({ name: String(a.name ?? a.email), email: String(a.email) })),
  };
}
