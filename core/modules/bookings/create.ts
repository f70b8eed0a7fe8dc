/** Creating a single booking (a series goes through recurrence.ts). */
import type { Actor } from '../../actor.ts';
import { ValidationError } from '../../errors.ts';
import type { BookingDeps } from './deps.ts';
import { enforce, loadFacts, needsApproval, resolveTimes, ruleContext } from './plan.ts';
import { snapshotOf, toView } from './repo.ts';
import { loadDisabledPeriods, loadResource, type ResourceInfo } from './resources.ts';
import type { BookingView, CreateBooking } from './schema.ts';
import { loadSettings, type BookingSettings } from './settings.ts';
import { writeTx } from './slots.ts';
import { checkAttendees, insertBookingRow, PendingEvents, type BookingFields } from './write.ts';

export async function prepareCreate(deps: BookingDeps, actor: Actor, input: CreateBooking): Promise<{ settings: BookingSettings; resource: ResourceInfo; fields: BookingFields }> {
  const settings = await loadSettings(deps.paramsService);
  if (settings.bookNeedPhone && !input.phone) throw new ValidationError([{ field: 'phone', message: 'required' }], 'bookings.phoneRequired');
  const resource = await loadResource(deps.db, input.resourceId);
  await checkAttendees(deps.db, input.innerAttendees);
  const user = (await deps.db('users').where({ id: actor.userId }).first('employee_no')) as { employee_no: string } | undefined;
  const fields: BookingFields = {
    subject: input.subject, phone: input.phone ?? null, employeeId: input.employeeId ?? user?.employee_no ?? null, remarks: input.remarks ?? null,
    reminderMinutes: input.reminderMinutes, attendees: { inner: input.innerAttendees, outer: input.outerAttendees },
  };
  return { settings, resource, fields };
}

export async function createSingle(deps: BookingDeps, actor: Actor, input: CreateBooking): Promise<BookingView> {
  const { settings, resource, fields } = await prepareCreate(deps, actor, input);
  const times = resolveTimes(resource, input);
  const events = new PendingEvents();
  const row = await writeTx(deps.db, async (trx) => {
    const now = deps.clock.now();
    const [facts, disabled] = await Promise.all([
      loadFacts(trx, deps, actor.userId, now),
      loadDisabledPeriods(trx, { ids: [resource.id] }, times.startAt, times.endAt),
    ]);
    const ctx = ruleContext({ now, actor, resource, times, settings, facts, disabled });
    enforce(ctx);
    const pending = needsApproval(resource, actor.userId, settings);
    const written = await insertBookingRow(trx, { now, resource, times, organiserId: actor.userId, fields, settings, pending, price: ctx.price });
    events.add('booking.created', written.id, actor.userId);
    if (pending) events.add('booking.approvalRequested', written.id, actor.userId);
    return written;
  });
  // Answered from what was written: a new booking has nothing else to read back.
  const names = { name: resource.name, type: resource.type, locationName: resource.locationName, floorName: resource.floorName };
  const attendees = { inner: [...new Set(fields.attendees.inner)], outer: fields.attendees.outer };
  events.know(snapshotOf(row, names, attendees));
  await events.emit(deps);
  return toView(row, actor.userId, names, attendees);
}
