/**
 * Calendar sync, the way back (docs/product-rules.md R23): the events written into the rooms' calendars at the
 * calendar provider outside Atrium (a calendar client booking the room there) become bookings of those rooms,
 * through the booking engine like any other, so its slot table decides: an event whose time is taken, or that the
 * room's rules refuse (outside open hours, too long, a disabled period), is declined back to its organiser through
 * the provider (the outbox's `decline`) and kept here with the reason for the room's administrators. Its organiser is
 * the account with the event organiser's e-mail address, else the account `calendarExternalOrganiser` names, with
 * the outside organiser as a guest; with neither, the event is declined. Each event is one row per room and UID, so
 * a poll cut short and read again books nothing twice.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import { serviceActor, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { RecentValue } from '../../recent-value.ts';
import { paginateModels } from '../../db/paging.ts';
import { AppError, BusinessRuleError, NotFoundError } from '../../errors.ts';
import { t, type Lang } from '../../i18n/index.ts';
import type { CalendarRoom, ExternalEvent } from '../../plugin-sdk/index.ts';
import { icalDocument } from '../../ical.ts';
import { usersMatching } from '../users/index.ts';
import { CalendarEventModel, CalendarRoomModel } from './model.ts';
import type {
  CalendarRoomBody,
  CalendarRoomView,
  ExternalQuery,
  ExternalView,
  ProviderRooms,
  ProviderRoomsQuery,
  PullResult,
} from './schema.ts';

export interface CalendarSyncDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  pluginHost: Cradle['pluginHost'];
  outbox: Cradle['outbox'];
  paramsService: Cradle['paramsService'];
  usersService: Cradle['usersService'];
  authService: Cradle['authService'];
  bookingsService: Cradle['bookingsService'];
  resourcesService: Cradle['resourcesService'];
  operationLog: Cradle['operationLog'];
}

type Outcome = 'booked' | 'declined' | 'cancelled' | 'unchanged';

const LANG: Lang = 'en';
/** A booking reads the calendars at most this often (R23.6). */
const FRESH_MS = 5_000;
/** How long a booking waits for the calendars to be read before it goes on. */
const FRESHEN_WAIT_MS = 3_000;
/** A room's free/busy answer is asked again after this long (R23.7). */
const BUSY_MAX_AGE_MS = 60_000;
/** At most this many rooms' free/busy are asked for one grid: the rest show what the slot table knows. */
const BUSY_ROOMS_PER_CALL = 50;
const DAY_MS = 86_400_000;

export interface Interval {
  startAt: number;
  endAt: number;
}

export class CalendarSyncService {
  /** The mirrored rooms by id; a room mirrored or changed is seen within this cache's age. */
  private readonly mirrored = new RecentValue(async () => {
    const rows = await CalendarRoomModel.query(this.deps.db);
    return new Map(
      rows.map((r) => [r.resourceId, { resourceId: r.resourceId, ref: r.ref, decides: !!r.sourceOfTruth }]),
    );
  }, 5_000);
  /** The poll under way in this process, if any. */
  private pulling?: Promise<PullResult>;
  /** When this process last read the calendars for a booking (freshen). */
  private freshAt = 0;
  /** The provider's free/busy of the deciding rooms, by room, with the window it covers and when it was asked. */
  private readonly busy = new Map<number, { asked: number; from: number; to: number; times: Interval[] }>();

  constructor(private readonly deps: CalendarSyncDeps) {}

  /** A room's mirrored calendar, for the plugin host's calendar work (SDK 1.5); cached for a few seconds. */
  async roomOf(resourceId: number): Promise<CalendarRoom | undefined> {
    const room = (await this.mirrored.get()).get(resourceId);
    return room && { resourceId: room.resourceId, ref: room.ref };
  }

  /**
   * Before a booking of a room whose provider is the source of truth is made or moved (R23.6): the calendars are read
   * now (at most once a few seconds, bounded in time), so the booking engine decides with the provider's latest
   * meetings in the slot table. A room the provider does not decide costs one look-up in memory. A poll already
   * under way is not waited for: it may be the one booking an outside meeting right now.
   */
  async freshen(resourceId: number): Promise<void> {
    if (!(await this.mirrored.get()).get(resourceId)?.decides || this.pulling) return;
    if (this.deps.clock.now() - this.freshAt < FRESH_MS) return;
    this.freshAt = this.deps.clock.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, FRESHEN_WAIT_MS)));
    try {
      await Promise.race([this.pull(), late]);
    } catch (err) {
      // The provider unreachable: the booking goes on, decided by what the slot table knows.
      this.deps.logger.warn({ err, resourceId }, 'room calendar not read before booking');
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The times the calendars of rooms whose provider is the source of truth show busy with meetings Atrium does not
   * hold (R23.7): the provider's free/busy (`busyTimes`), less the time Atrium's own bookings of the room hold (or let
   * go of a moment ago: the provider may not have heard yet) and the outside meetings Atrium already declined. Rooms
   * the provider does not decide cost one look-up in memory; an unreachable provider answers nothing busy. `db`: the
   * transaction of a booking change under way (its own booking's time is then read as it stands in it).
   */
  async busyOutside(
    resourceIds: readonly number[],
    from: number,
    to: number,
    db: Knex | Knex.Transaction = this.deps.db,
  ): Promise<Map<number, Interval[]>> {
    const out = new Map<number, Interval[]>();
    const mirrored = await this.mirrored.get();
    const deciding = resourceIds
      .map((id) => mirrored.get(id))
      .filter((r): r is NonNullable<typeof r> => !!r?.decides)
      .slice(0, BUSY_ROOMS_PER_CALL);
    await Promise.all(
      deciding.map(async (room) => {
        const busy = (await this.providerBusy(room, from, to)).filter((b) => b.startAt < to && b.endAt > from);
        if (!busy.length) return;
        const [held, declined] = await Promise.all([
          this.deps.bookingsService.heldTimes(room.resourceId, from, to, db),
          CalendarEventModel.query(db)
            .where({ resource_id: room.resourceId })
            .whereIn('state', ['declined', 'cancelled'])
            .where('start_at', '<', to)
            .where('end_at', '>', from)
            .select('start_at', 'end_at'),
        ]);
        const rest = subtract(busy, [...held, ...declined.map((e) => ({ startAt: e.startAt, endAt: e.endAt }))]);
        if (rest.length) out.set(room.resourceId, rest);
      }),
    );
    return out;
  }

  /** The provider's free/busy of one room, kept a minute for a window a day wider than asked each side. */
  private async providerBusy(room: CalendarRoom, from: number, to: number): Promise<Interval[]> {
    const cached = this.busy.get(room.resourceId);
    if (cached && performance.now() - cached.asked < BUSY_MAX_AGE_MS && cached.from <= from && cached.to >= to)
      return cached.times;
    const window = { from: from - DAY_MS, to: to + DAY_MS };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('free/busy not answered in time')), FRESHEN_WAIT_MS);
    });
    try {
      const answer = await Promise.race([
        this.deps.pluginHost.call('calendar', 'busyTimes', (p) =>
          p.busyTimes ? p.busyTimes(room.ref, window.from, window.to, room) : Promise.resolve([]),
        ),
        late,
      ]);
      const times = (Array.isArray(answer) ? answer : [])
        .filter((b) => inRange(b?.startAt) && inRange(b?.endAt) && b.endAt > b.startAt)
        .map((b) => ({ startAt: b.startAt, endAt: b.endAt }));
      this.busy.set(room.resourceId, { asked: performance.now(), ...window, times });
      return times;
    } catch (err) {
      this.deps.logger.warn({ err, resourceId: room.resourceId }, 'room calendar free/busy not read');
      return [];
    } finally {
      clearTimeout(timer);
    }
  }

  async rooms(): Promise<CalendarRoomView[]> {
    const rooms = await CalendarRoomModel.query(this.deps.db).orderBy('resource_id');
    const out: CalendarRoomView[] = [];
    for (const r of rooms) {
      const resource = await this.deps.resourcesService.get(r.resourceId).catch(() => null);
      out.push({
        resourceId: r.resourceId,
        resourceName: resource?.name ?? null,
        ref: r.ref,
        sourceOfTruth: Boolean(r.sourceOfTruth),
        createdAt: r.createdAt,
      });
    }
    return out;
  }

  /** Mirrors a room's calendar (or changes its reference). */
  async setRoom(actor: Actor, resourceId: number, body: CalendarRoomBody): Promise<CalendarRoomView> {
    const { db, clock, operationLog, resourcesService } = this.deps;
    const resource = await resourcesService.get(resourceId);
    // A calendar is a room's: desks are booked in Atrium alone.
    if (resource.type === 1) throw new BusinessRuleError('calendar.roomsOnly', { name: resource.name });
    await db.transaction(async (trx) => {
      const before = await CalendarRoomModel.query(trx).findById(resourceId);
      const set = { ref: body.ref, source_of_truth: body.sourceOfTruth };
      if (before) await trx('calendar_rooms').where({ resource_id: resourceId }).update(set);
      else await trx('calendar_rooms').insert({ resource_id: resourceId, ...set, created_at: clock.now() });
      await operationLog.record(trx, actor, {
        action: 'calendar.room.save',
        target: resourceId,
        before: before ? { ref: before.ref } : undefined,
        after: body,
      });
    });
    this.mirrored.forget();
    this.busy.delete(resourceId);
    const row = (await CalendarRoomModel.query(db).findById(resourceId))!;
    return {
      resourceId,
      resourceName: resource.name,
      ref: row.ref,
      sourceOfTruth: Boolean(row.sourceOfTruth),
      createdAt: row.createdAt,
    };
  }

  async removeRoom(actor: Actor, resourceId: number): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const n = await trx('calendar_rooms').where({ resource_id: resourceId }).del();
      if (!n) throw new NotFoundError('calendarRoom', resourceId);
      await this.deps.operationLog.record(trx, actor, { action: 'calendar.room.delete', target: resourceId });
    });
    this.mirrored.forget();
  }

  /**
   * The rooms the calendar provider knows (SDK 1.6 `listRooms`: Microsoft 365's Places), searched, at most 2,000;
   * a provider that cannot list answers none with the reason, never a failed request.
   */
  async providerRooms(query: ProviderRoomsQuery): Promise<ProviderRooms> {
    const { pluginHost } = this.deps;
    const provider = await pluginHost.selected('calendar');
    if (provider === 'none') return { provider, rooms: [], error: null };
    try {
      const listed = await pluginHost.call('calendar', 'listRooms', (p) => {
        if (!p.listRooms) throw new Error('this calendar provider does not list rooms');
        return p.listRooms();
      });
      const q = query.q?.toLowerCase();
      const rooms = (Array.isArray(listed) ? listed : [])
        .filter((r) => r && typeof r.ref === 'string' && r.ref)
        .map((r) => ({
          ref: r.ref.slice(0, 500),
          name: String(r.name || r.ref).slice(0, 200),
          capacity: typeof r.capacity === 'number' ? r.capacity : null,
        }))
        .filter((r) => !q || r.name.toLowerCase().includes(q) || r.ref.toLowerCase().includes(q))
        .slice(0, 2000);
      return { provider, rooms, error: null };
    } catch (err) {
      return { provider, rooms: [], error: (err as Error).message.slice(0, 300) };
    }
  }

  /** The external events and what became of them, newest first (the declined ones are for the administrators). */
  async external(query: ExternalQuery) {
    const q = CalendarEventModel.query(this.deps.db).orderBy('updated_at', 'desc').orderBy('id', 'desc');
    if (query.state) q.where('state', query.state);
    if (query.resourceId) q.where('resource_id', query.resourceId);
    const page = await paginateModels(q, query, (e) => e);
    const names = new Map<number, string | null>();
    for (const id of new Set(page.items.map((e) => e.resourceId)))
      names.set(id, (await this.deps.resourcesService.get(id).catch(() => null))?.name ?? null);
    return {
      ...page,
      items: page.items.map((e): ExternalView => ({
        id: e.id,
        resourceId: e.resourceId,
        resourceName: names.get(e.resourceId) ?? null,
        uid: e.uid,
        sequence: e.sequence,
        state: e.state,
        bookingId: e.bookingId ?? null,
        subject: e.subject,
        organiserName: e.organiserName ?? null,
        organiserEmail: e.organiserEmail ?? null,
        startAt: e.startAt,
        endAt: e.endAt,
        reason: e.reason ?? null,
        updatedAt: e.updatedAt,
      })),
    };
  }

  /**
   * One poll (the `calendar.pull` job): the provider's changes since the last poll, each applied. The mark moves on
   * only after every event was applied, so a poll cut short is read again, and the rows keep it from booking twice.
   */
  async pull(): Promise<PullResult> {
    this.pulling ??= this.read().finally(() => (this.pulling = undefined));
    return this.pulling;
  }

  private async read(): Promise<PullResult> {
    const { db, pluginHost } = this.deps;
    const result: PullResult = { read: 'noRooms', events: 0, booked: 0, declined: 0, cancelled: 0, unchanged: 0 };
    const rooms: CalendarRoom[] = (await CalendarRoomModel.query(db)).map((r) => ({
      resourceId: r.resourceId,
      ref: r.ref,
    }));
    const sync = (await db('calendar_sync').where({ id: 1 }).first('state')) as { state: string | null };
    if (!rooms.length) {
      // The last room unmirrored: the provider hears once with none, to let go of what it keeps for the rooms (its
      // subscriptions to change notifications); the next room starts from nothing.
      if (sync.state !== null) {
        await pluginHost.tryCall('calendar', 'changes', (p) => p.changes?.([], sync.state ?? undefined));
        await db('calendar_sync').where({ id: 1 }).update({ state: null });
      }
      return result;
    }
    const canRead = await pluginHost.tryCall('calendar', 'capabilities', (p) => typeof p.changes === 'function');
    if (!canRead) return { ...result, read: 'notSupported' };
    result.read = 'read';
    const changes = await pluginHost.call('calendar', 'changes', (p) => p.changes!(rooms, sync.state ?? undefined));
    const byId = new Map(rooms.map((r) => [r.resourceId, r]));
    for (const event of changes.events ?? []) {
      const room = byId.get(event.resourceId);
      if (!room || !isEvent(event)) continue;
      result.events++;
      result[await this.apply(event, room)]++;
    }
    await db('calendar_sync')
      .where({ id: 1 })
      .update({ state: changes.state ?? sync.state, polled_at: this.deps.clock.now() });
    return result;
  }

  /** What one external event means for its room. */
  async apply(event: ExternalEvent, room: CalendarRoom): Promise<Outcome> {
    const { db, clock } = this.deps;
    const uid = event.uid.slice(0, 255);
    const sequence = Math.max(0, Math.trunc(event.sequence ?? 0));
    let row = await CalendarEventModel.query(db).findOne({ resource_id: room.resourceId, uid });
    if (event.status === 'cancelled') {
      if (!row || row.state === 'cancelled') return 'unchanged';
      if (row.bookingId && row.state === 'booked') await this.cancelBooking(row.bookingId);
      await this.mark(row.id, { state: 'cancelled', reason: null });
      return 'cancelled';
    }
    const same =
      row &&
      row.startAt === event.startAt &&
      row.endAt === event.endAt &&
      row.subject === subjectOf(event) &&
      row.sequence >= sequence;
    if (row && same && (row.state === 'booked' || row.state === 'declined')) return 'unchanged';
    if (!row) {
      try {
        await db('calendar_events').insert({
          resource_id: room.resourceId,
          uid,
          sequence,
          state: 'pending',
          subject: subjectOf(event),
          organiser_name: event.organiser?.name?.slice(0, 100) ?? null,
          organiser_email: event.organiser?.email?.slice(0, 100) ?? null,
          start_at: event.startAt,
          end_at: event.endAt,
          updated_at: clock.now(),
        });
      } catch (err) {
        // Another process applies the same event right now.
        if (isUniqueViolation(err)) return 'unchanged';
        throw err;
      }
      row = (await CalendarEventModel.query(db).findOne({ resource_id: room.resourceId, uid }))!;
    }
    const fields = {
      sequence,
      subject: subjectOf(event),
      start_at: event.startAt,
      end_at: event.endAt,
      organiser_name: event.organiser?.name?.slice(0, 100) ?? null,
      organiser_email: event.organiser?.email?.slice(0, 100) ?? null,
    };
    try {
      const bookingId = await this.book(event, room, row);
      await this.mark(row.id, { ...fields, state: 'booked', booking_id: bookingId, reason: null });
      return 'booked';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const reason = t(LANG, err.key, err.params).slice(0, 300);
      // A meeting moved onto a taken time: the room keeps none of it.
      if (row.bookingId && row.state === 'booked') await this.cancelBooking(row.bookingId);
      await this.decline(event, room, reason, row.id, fields);
      return 'declined';
    }
  }

  /** Creates the event's booking, or moves the one it already has; throws the booking engine's refusal. */
  private async book(event: ExternalEvent, room: CalendarRoom, row: CalendarEventModel): Promise<number> {
    // Only the first occurrence could be booked: the organiser is told rather than left with a half-booked series.
    if (event.rrule) throw new BusinessRuleError('calendar.recurring');
    const resource = await this.deps.resourcesService.get(room.resourceId);
    const times = localTimes(event, resource.timeZone);
    const organiser = await this.organiser(event);
    if (row.bookingId && row.state === 'booked') {
      await this.deps.bookingsService.modify(organiser.actor, row.bookingId, {
        ...times,
        subject: subjectOf(event),
        scope: 'one',
      });
      return row.bookingId;
    }
    const guest =
      organiser.external && event.organiser?.email ? [{ name: organiser.name, email: event.organiser.email }] : [];
    const made = await this.deps.bookingsService.create(organiser.actor, {
      resourceId: room.resourceId,
      ...times,
      subject: subjectOf(event),
      remarks: organiser.external
        ? t(LANG, 'calendar.bookedOutside', { name: organiser.name }).slice(0, 300)
        : undefined,
      innerAttendees: [],
      outerAttendees: guest,
      reminderMinutes: 0,
      conflictPolicy: 'fail',
    });
    return (made as { id: number }).id;
  }

  /** The account the event is booked under: its organiser's by e-mail, else the configured one; else refused. */
  private async organiser(event: ExternalEvent): Promise<{ actor: Actor; external: boolean; name: string }> {
    const { db, usersService, authService, paramsService } = this.deps;
    const email = event.organiser?.email?.trim();
    const name = event.organiser?.name?.trim() || email || '?';
    const matches = email ? (await usersMatching(db, 'email', email)).filter((u) => Number(u.status) === 1) : [];
    const fallback = String((await paramsService.get('calendarExternalOrganiser')) ?? '');
    const account =
      matches.length === 1 ? matches[0] : fallback ? await usersService.findByUsername(fallback) : undefined;
    if (!account) throw new BusinessRuleError('calendar.unknownOrganiser', { name });
    // The account must be one that may book now (enabled, not locked out, not blocklisted from signing in).
    const permissions = await authService.assertMaySignIn(account);
    return {
      actor: { userId: account.id, username: account.username, permissions, lang: LANG, via: 'session' },
      external: matches.length !== 1,
      name,
    };
  }

  private async cancelBooking(bookingId: number): Promise<void> {
    try {
      await this.deps.bookingsService.cancel(serviceActor('calendar', LANG), bookingId, {
        reason: t(LANG, 'calendar.cancelledOutside'),
        scope: 'one',
      });
    } catch (err) {
      // Already ended here (cancelled, checked out): nothing is left to cancel.
      if (!(err instanceof AppError)) throw err;
    }
  }

  private async decline(
    event: ExternalEvent,
    room: CalendarRoom,
    reason: string,
    rowId: number,
    fields: Record<string, unknown>,
  ): Promise<void> {
    const { db, outbox, pluginHost } = this.deps;
    const provider = await pluginHost.selected('calendar');
    const key = `${room.resourceId}:${event.uid}:${Number(fields.sequence)}:${event.startAt}`;
    const reply = await this.replyMail(event, room, reason);
    await db.transaction(async (trx) => {
      await this.mark(rowId, { ...fields, state: 'declined', booking_id: null, reason }, trx);
      if (provider !== 'none')
        await outbox.enqueue(
          trx,
          { kind: 'calendar', provider, topic: 'decline', payload: { event, room, reason } },
          `decline:${key}`,
        );
      if (reply) await outbox.enqueue(trx, reply, `decline-reply:${key}`);
    });
  }

  /**
   * The organiser's e-mail saying no, with an iCalendar REPLY (PARTSTAT=DECLINED) their calendar client applies: for
   * providers whose decline tells nobody (a CalDAV server without scheduling). Undefined when there is no address to
   * write to, no e-mail channel, or the provider tells the organiser itself.
   */
  private async replyMail(event: ExternalEvent, room: CalendarRoom, reason: string) {
    const { pluginHost, resourcesService, clock } = this.deps;
    const to = event.organiser?.email?.trim();
    if (!to) return undefined;
    const tells = await pluginHost.tryCall('calendar', 'capabilities', (p) => p.tellsOrganisers === true);
    const notify = await pluginHost.selected('notify');
    const sender = await pluginHost.notifySender();
    if (tells || notify === 'none' || !sender) return undefined;
    const resource = await resourcesService.get(room.resourceId).catch(() => null);
    const roomName = resource?.name ?? `#${room.resourceId}`;
    const organiser = { name: event.organiser?.name?.trim() || to, email: to };
    const ics = icalDocument({
      method: 'REPLY',
      prodId: { company: 'Atrium', product: 'Atrium' },
      now: clock.now(),
      events: [
        {
          uid: event.uid,
          sequence: Math.max(0, Math.trunc(event.sequence ?? 0)),
          startAt: event.startAt,
          endAt: event.endAt,
          timeZone: 'UTC',
          summary: subjectOf(event),
          status: 'CONFIRMED',
          organiser,
          // The room answers, under the address Atrium sends from.
          attendees: [{ name: roomName, email: sender, declined: true }],
        },
      ],
    });
    const params = { room: roomName, subject: subjectOf(event), reason };
    const text = t(LANG, 'calendar.declinedText', params);
    return {
      kind: 'notify' as const,
      provider: notify,
      topic: 'calendar.declined',
      payload: {
        message: {
          event: 'calendar.declined',
          lang: LANG,
          to: [organiser],
          cc: [],
          subject: t(LANG, 'calendar.declinedSubject', params),
          text,
          html: `<p>${escapeHtml(text)}</p>`,
          calendar: { method: 'REPLY', ics },
        },
      },
    };
  }

  private async mark(id: number, set: Record<string, unknown>, db: Knex | Knex.Transaction = this.deps.db) {
    await db('calendar_events')
      .where({ id })
      .update({ ...set, updated_at: this.deps.clock.now() });
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What is left of the busy times once the held ones are taken out (pieces under a minute dropped). */
export function subtract(busy: Interval[], held: Interval[]): Interval[] {
  let rest = busy;
  for (const h of held)
    rest = rest.flatMap((b) =>
      h.endAt <= b.startAt || h.startAt >= b.endAt
        ? [b]
        : [
            { startAt: b.startAt, endAt: h.startAt },
            { startAt: h.endAt, endAt: b.endAt },
          ].filter((piece) => piece.endAt - piece.startAt >= 60_000),
    );
  return rest;
}

const subjectOf = (e: ExternalEvent) => (e.subject?.trim() || '—').slice(0, 100);

/** Epoch ms a calendar can mean (years 1970 to 9999): anything else is a provider's garbage, skipped. */
const inRange = (ms: unknown) => typeof ms === 'number' && Number.isInteger(ms) && ms >= 0 && ms < 253_402_300_800_000;

const isEvent = (e: unknown): e is ExternalEvent => {
  const v = e as ExternalEvent;
  return (
    !!v &&
    typeof v.uid === 'string' &&
    v.uid !== '' &&
    inRange(v.startAt) &&
    inRange(v.endAt) &&
    (v.status === 'confirmed' || v.status === 'cancelled')
  );
};

/** The event's date and times in the room's zone; an event over midnight (other than to 24:00) is refused. */
function localTimes(e: ExternalEvent, zone: string): { meetingDate: string; startTime: string; endTime: string } {
  const start = DateTime.fromMillis(e.startAt, { zone });
  const end = DateTime.fromMillis(e.endAt, { zone });
  // A time no calendar means (out of luxon's range): declined, never a poll that fails on it again and again.
  if (!start.isValid || !end.isValid) throw new BusinessRuleError('calendar.badTime');
  const date = start.toISODate()!;
  const endsAtMidnight = end.toISODate() === start.plus({ days: 1 }).toISODate() && end.toFormat('HH:mm') === '00:00';
  if (e.endAt <= e.startAt || (end.toISODate() !== date && !endsAtMidnight))
    throw new BusinessRuleError('calendar.spansDays');
  return {
    meetingDate: date,
    startTime: start.toFormat('HH:mm'),
    endTime: endsAtMidnight ? '24:00' : end.toFormat('HH:mm'),
  };
}
