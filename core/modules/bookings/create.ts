/** Creating a single booking (a series goes through recurrence.ts). */
import type { Actor } from '../../actor.ts';
import { ValidationError } from '../../errors.ts';
import type { BookingDeps } from './deps.ts';
import { enforce, loadFacts, needsApproval, resolveTimes, ruleContext } from './plan.ts';
import { asWritten, snapshotOf, toView } from './repo.ts';
import { loadDisabledPeriods, loadResource, type ResourceInfo } from './resources.ts';
import type { BookingView, CreateBooking } from './schema.ts';
import { loadSettings, type BookingSettings } from './settings.ts';
import { writeTx } from './write.ts';
import { DAY_MS } from './time.ts';
import { checkAttendees, insertBookingRow, PendingEvents, type BookingFields } from './write.ts';
import { employeeNoOf } from '../users/index.ts';
import { channelOf } from '../logs/index.ts';

/** The settings, the resource, the attendees' existence and the organiser's employee number, read side by side; errors in that order. */
export async function prepareCreate(
  deps: BookingDeps,
  actor: Actor,
  input: CreateBooking,
): Promise<{ settings: BookingSettings; resource: ResourceInfo; fields: BookingFields }> {
  const [settings, resource, attendees, user] = await Promise.allSettled([
    loadSettings(deps.paramsService),
    loadResource(deps.db, input.resourceId),
    checkAttendees(deps.db, input.innerAttendees),
    input.employeeId != null ? undefined : employeeNoOf(deps.db, actor.userId),
  ]);
  const settled = <T>(r: PromiseSettledResult<T>): T => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  };
  if (settled(settings).bookNeedPhone && !input.phone)
    throw new ValidationError([{ field: 'phone', message: 'required' }], 'bookings.phoneRequired');
  settled(resource);
  settled(attendees);
  // Required (docs/product-rules.md R4.1): the caller's, else the organiser's employee number.
  const employeeId = input.employeeId ?? settled(user)?.trim();
  if (!employeeId)
    throw new ValidationError([{ field: 'employeeId', message: 'required' }], 'bookings.employeeIdRequired');
  const fields: BookingFields = {
    subject: input.subject,
    phone: input.phone ?? null,
    employeeId,
    remarks: input.remarks ?? null,
    reminderMinutes: input.reminderMinutes,
    attendees: { inner: input.innerAttendees, outer: input.outerAttendees },
  };
  return { settings: settled(settings), resource: settled(resource), fields };
}

/**
 * One booking. Everything the rules need that is not the organiser's (settings, resource, its disabled periods
 * around the date) is read before the transaction; inside it: the organiser's facts (one query), the rows, commit.
 */
export async function createSingle(deps: BookingDeps, actor: Actor, input: CreateBooking): Promise<BookingView> {
  // Disabled periods of the resource from the day before to the day after the date (UTC): a superset of any zone's day; the rule checks overlap.
  const day = Date.parse(`${input.meetingDate}T00:00:00Z`);
  // The organiser's facts (active bookings, groups, balance, blocklist) are read inside the transaction on SQLite,
  // whose one connection runs one transaction at a time, so no other booking of theirs can come between the count
  // and the insert. On MariaDB a read inside the transaction is a snapshot that locks nothing, no better than one
  // just before it: there they are read beside the other reads, a round trip less to wait for
  // (docs/performance.md P1).
  const [{ settings, resource, fields }, disabled, factsBefore] = await Promise.all([
    prepareCreate(deps, actor, input),
    Number.isNaN(day) ? [] : loadDisabledPeriods(deps.db, { ids: [input.resourceId] }, day - DAY_MS, day + 2 * DAY_MS),
    deps.dialect === 'mysql' ? loadFacts(deps.db, deps, actor.userId, deps.clock.now()) : undefined,
  ]);
  const times = resolveTimes(resource, input);
  const busyOutside = await deps.calendarSyncService.busyOutside([resource.id], times.startAt, times.endAt);
  // The record of the change and the answer are made from what was written: a new booking has nothing to read back.
  const names = {
    name: resource.name,
    type: resource.type,
    locationName: resource.locationName,
    floorName: resource.floorName,
  };
  const attendees = asWritten(fields.attendees);
  const events = new PendingEvents();
  const row = await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const facts = factsBefore ?? (await loadFacts(trx, deps, actor.userId, now));
    const ctx = ruleContext({ now, actor, resource, times, settings, facts, disabled, busyOutside });
    enforce(ctx);
    const pending = needsApproval(resource, actor.userId, settings);
    const written = await insertBookingRow(trx, {
      now,
      resource,
      times,
      organiserId: actor.userId,
      fields,
      settings,
      pending,
      price: ctx.price,
      channel: channelOf(actor),
    });
    events.knows(snapshotOf(written, names, attendees));
    events.add('booking.created', written.id, actor.userId);
    if (pending) events.add('booking.approvalRequested', written.id, actor.userId);
    return written;
  });
  return toView(row, 'organiser', names, attendees);
}
