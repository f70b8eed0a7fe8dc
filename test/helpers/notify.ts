/** Shared by the plugin and notification tests: a room with people, booking snapshots, jobs and the outbox. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BookingSnapshot, EventMap, EventName } from '../../core/event-types.ts';
import type { TestApp } from './app.ts';
import { createUser } from './users.ts';

export const FIXTURE_PLUGINS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');

/**
 * Hands every recorded change to its targets, as the dispatcher does where the scheduler runs (test apps run
 * none), so their outbox rows exist; and lets the bus's listeners finish.
 */
export async function dispatchChanges(app: TestApp): Promise<void> {
  await app.cradle.changeDispatcher.drain();
  await app.cradle.events.settle();
}

/** Records an event as if a change had made it (its own transaction), and dispatches it. */
export async function recordChange<K extends EventName>(app: TestApp, name: K, payload: EventMap[K]): Promise<void> {
  await app.cradle.changeLog.publish(name, payload);
  await dispatchChanges(app);
}

/** Runs a scheduled job as the scheduler would, after moving the clock past its period (one claim per due time). */
export async function runJob(app: TestApp, name: string, advanceMs = 10_000): Promise<void> {
  app.clock.advance(advanceMs);
  const ran = await app.running.scheduler!.runIfDue(name);
  if (!ran) throw new Error(`job ${name} was not due`);
}

export async function saveNotify(
  app: TestApp,
  token: string,
  provider: string,
  settings: Record<string, unknown> = {},
) {
  const res = await app.put<{ data: { started: { running: boolean; error?: string } } }>(
    '/api/inte/settings/notify',
    { provider, settings },
    { token },
  );
  if (res.status !== 200) throw new Error(`save ${provider}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export interface OutboxRowView {
  id: number;
  topic: string;
  state: string;
  attempts: number;
  provider: string;
  next_attempt_at: number;
  last_error: string | null;
  message: {
    event: string;
    lang: string;
    subject: string;
    html: string;
    text: string;
    to: Array<{ name: string; email?: string; username?: string }>;
    cc: Array<{ name: string; email?: string }>;
    calendar?: { method: string; ics: string };
  };
}

export async function outboxRows(app: TestApp, where: Record<string, unknown> = {}): Promise<OutboxRowView[]> {
  const rows = await app.cradle.db('outbox').where(where).orderBy('id');
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    attempts: Number(r.attempts),
    next_attempt_at: Number(r.next_attempt_at),
    message: (JSON.parse(String(r.payload)) as { message: OutboxRowView['message'] }).message,
  }));
}

export interface Place {
  resourceId: number;
  organiserId: number;
  attendeeId: number;
  approverId: number;
}

/** A room with an approver (cn), an organiser (en) and an inner attendee (ja). */
export async function seedPlace(app: TestApp, suffix: string): Promise<Place> {
  const { db } = app.cradle;
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  const [locationId] = await db('locations').insert({ name: 'Tokyo Office', time_zone: 'Asia/Tokyo', ...stamp });
  const [floorId] = await db('floors').insert({ location_id: locationId, name: '7F', display_name: '7F', ...stamp });
  const [resourceId] = await db('resources').insert({
    name: 'Sakura',
    type: 0,
    capacity: 6,
    location_id: locationId,
    floor_id: floorId,
    time_zone: 'Asia/Tokyo',
    ...stamp,
  });
  const organiserId = await createUser(app, `org-${suffix}`);
  const attendeeId = await createUser(app, `att-${suffix}`);
  const approverId = await createUser(app, `appr-${suffix}`);
  await db('users').where({ id: organiserId }).update({ lang: 'en', real_name: 'Olivia Organiser' });
  await db('users').where({ id: attendeeId }).update({ lang: 'ja', real_name: 'Aiko Attendee' });
  await db('users').where({ id: approverId }).update({ lang: null, real_name: 'Wang Approver' });
  await db('resource_approvers').insert({ resource_id: resourceId, user_id: approverId });
  return { resourceId: Number(resourceId), organiserId, attendeeId, approverId };
}

export function snapshot(place: Place, over: Partial<BookingSnapshot> = {}): BookingSnapshot {
  const startAt = Date.UTC(2026, 11, 1, 1, 0);
  return {
    id: 7001,
    resourceId: place.resourceId,
    resourceName: 'Sakura',
    resourceType: 0,
    locationName: 'Tokyo Office',
    floorName: '7F',
    organiserId: place.organiserId,
    subject: 'Planning <b>Q3</b> & budget',
    meetingDate: '2026-12-01',
    startTime: '10:00',
    endTime: '11:00',
    wholeDay: false,
    startAt,
    endAt: startAt + 3_600_000,
    timeZone: 'Asia/Tokyo',
    state: 'confirmed',
    checkStatus: 0,
    checkInCode: '482913',
    seriesId: null,
    reminderMinutes: 15,
    remarks: null,
    sequence: 0,
    innerAttendeeIds: [place.attendeeId],
    outerAttendees: [{ name: 'Gina Guest', email: 'gina@guest.example' }],
    ...over,
  };
}

/**
 * Delivers outbox row `id` attempt after attempt (moving the clock past each back-off) until its six attempts are
 * spent, checking each attempt is counted; answers the row as it ends (parked, for a provider that keeps failing).
 */
export async function deliverUntilParked(
  app: TestApp,
  t: { is: (actual: unknown, expected: unknown) => void },
  id: number,
): Promise<{ state: string; attempts: number; error: unknown }> {
  const state = async () => {
    const r = await app.cradle.db('outbox').where({ id }).first('state', 'attempts', 'next_attempt_at', 'last_error');
    return {
      state: String(r.state),
      attempts: Number(r.attempts),
      next: Number(r.next_attempt_at),
      error: r.last_error,
    };
  };
  for (let attempt = 1; attempt <= 6; attempt++) {
    const before = await state();
    if (before.next > app.clock.now()) app.clock.advance(before.next - app.clock.now() + 1_000);
    await app.cradle.outboxWorker.drainDue();
    t.is((await state()).attempts, attempt);
  }
  const { next: _, ...end } = await state();
  return end;
}
