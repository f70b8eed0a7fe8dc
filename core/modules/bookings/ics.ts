/**
 * iCalendar for one booking, for a series and for the feeds (docs/product-rules.md R11.9, R11.10), written by
 * ical-generator through core/ical.ts. A booking alone is one VEVENT (UID booking-<id>); a series is one recurring
 * VEVENT (UID series-<id>) whose RRULE is the series' rule, with an EXDATE for each date it does not hold (skipped
 * at creation, cancelled alone, no-show) and a VEVENT with RECURRENCE-ID for each occurrence changed alone. SEQUENCE
 * comes from the rows, so calendar apps replace their copy on every change.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { can, type Actor } from '../../actor.ts';
import { ForbiddenError, NotFoundError } from '../../errors.ts';
import type { Cradle } from '../../cradle.ts';
import { icalDocument, type IcalEvent, type IcalPerson, type IcalRecurrence } from '../../ical.ts';
import type { BookingDeps, Db } from './deps.ts';
import { bookingById } from './queries.ts';
import { awaitsApproval, isIn, ON_CALENDAR, type BookingState } from './lifecycle.ts';
import { BookingAttendeeModel, BookingModel, BookingSeriesModel, ResourceFeedModel } from './model.ts';
import { expandDates } from './recurrence.ts';
import { bookingOf, resourceNames, type BookingRow, type ResourceNames } from './repo.ts';
import type { Recurrence } from './schema.ts';
import { loadSettings } from './settings.ts';
import { DAY_MS } from './time.ts';
import { resourceCapability } from '../resources/index.ts';
import { enabledUsersById, setFeedTokenHash, userByFeedTokenHash } from '../users/index.ts';

export const bookingUid = (id: number) => `booking-${id}@atrium`;
export const seriesUid = (id: number) => `series-${id}@atrium`;
export const PRODID = { company: 'Atrium', product: 'Room booking' };

/** Awaiting approval is tentative; a meeting that holds or held its time is confirmed; anything else is off. */
export const statusOf = (state: BookingState): IcalEvent['status'] =>
  awaitsApproval(state) ? 'TENTATIVE' : isIn(ON_CALENDAR, state) ? 'CONFIRMED' : 'CANCELLED';

export const whereOf = (names: Pick<ResourceNames, 'name' | 'floorName' | 'locationName'> | undefined) =>
  [names?.name, names?.floorName, names?.locationName].filter(Boolean).join(', ');

type EventRow = Pick<
  BookingRow,
  'id' | 'startAt' | 'endAt' | 'subject' | 'state' | 'sequence' | 'remarks' | 'timeZone' | 'resourceId'
>;

/** One booking as a VEVENT of its own. */
export function bookingEvent(
  b: EventRow,
  where: string,
  organiser: IcalPerson,
  attendees: IcalEvent['attendees'] = [],
  status: IcalEvent['status'] = statusOf(b.state),
): IcalEvent {
  return {
    uid: bookingUid(b.id),
    sequence: b.sequence,
    startAt: b.startAt,
    endAt: b.endAt,
    timeZone: b.timeZone,
    summary: b.subject ?? '',
    location: where || null,
    description: b.remarks,
    status,
    organiser,
    attendees,
  };
}

/** A series as calendar clients see it, and Atrium's own occurrence list of it. */
export interface SeriesShape {
  seriesId: number;
  uid: string;
  timeZone: string;
  rule: IcalRecurrence;
  /** The booking the recurring event is described by (subject, place, remarks, attendees). */
  master: BookingRow;
  firstStartAt: number;
  firstEndAt: number;
  lastStartAt: number;
  /** The largest SEQUENCE of the occurrences that follow the rule. */
  sequence: number;
  exdates: number[];
  /** Occurrences changed alone, with the start they had in the series. */
  overrides: Array<{ row: BookingRow; recurrenceId: number }>;
  /** The dates the series still holds, with their times (overrides included). */
  occurrences: Array<{ bookingId: number; startAt: number; endAt: number }>;
  /** Each booking's start as the rule has it (its RECURRENCE-ID). */
  nominal: Map<number, number>;
  /** Nothing is held any more: the series is off. */
  cancelled: boolean;
  /** Every occurrence awaits approval. */
  tentative: boolean;
}

const held = (b: BookingRow) => isIn(ON_CALENDAR, b.state);

/** The series' shape from its row and its bookings (undefined when it has none). */
export async function seriesShape(db: Db, seriesId: number): Promise<SeriesShape | undefined> {
  const series = await BookingSeriesModel.query(db).findById(seriesId);
  const rows = (await BookingModel.query(db).where({ series_id: seriesId }).orderBy('start_at')).map(bookingOf);
  if (!series || rows.length === 0) return undefined;
  const zone = rows[0]!.timeZone;
  const recurrence = JSON.parse(series.recurrence) as Recurrence;
  const untilDate = series.untilDate ?? rows[rows.length - 1]!.seriesDate ?? rows[rows.length - 1]!.meetingDate;
  // A series cut before its first date (its following occurrences cancelled from the first) has no dates left.
  const dates =
    untilDate < series.firstDate
      ? []
      : expandDates(series.firstDate, { ...recurrence, count: undefined, until: untilDate });
  const inRule = rows.filter((r) => !r.detached);
  const pattern = inRule.find(held) ?? inRule[0] ?? rows[0]!;
  const startTime = series.wholeDay ? pattern.startTime : (series.startTime ?? pattern.startTime);
  const endTime = series.wholeDay ? pattern.endTime : (series.endTime ?? pattern.endTime);
  const at = (date: string, time: string) => DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
  const duration = at(pattern.meetingDate, endTime) - at(pattern.meetingDate, startTime);
  const byDate = new Map(rows.map((r) => [r.seriesDate ?? r.meetingDate, r]));
  const exdates: number[] = [];
  const overrides: SeriesShape['overrides'] = [];
  const nominalOf = new Map<number, number>();
  const occurrences: SeriesShape['occurrences'] = [];
  for (const date of dates) {
    const nominal = at(date, startTime);
    const row = byDate.get(date);
    if (row) nominalOf.set(row.id, nominal);
    if (!row || !held(row)) {
      exdates.push(nominal);
      continue;
    }
    occurrences.push({ bookingId: row.id, startAt: row.startAt, endAt: row.endAt });
    if (row.detached) overrides.push({ row, recurrenceId: nominal });
  }
  const first = dates[0] ?? pattern.meetingDate;
  return {
    seriesId,
    uid: seriesUid(seriesId),
    timeZone: zone,
    rule: {
      freq: recurrence.freq,
      interval: recurrence.interval ?? 1,
      byWeekday: recurrence.byWeekday,
      byMonthDay: recurrence.byMonthDay,
      bySetPos: recurrence.bySetPos,
    },
    master: pattern,
    firstStartAt: at(first, startTime),
    firstEndAt: at(first, startTime) + duration,
    lastStartAt: at(dates[dates.length - 1] ?? first, startTime),
    sequence: Math.max(...(inRule.length ? inRule : rows).map((r) => r.sequence)),
    exdates,
    overrides,
    occurrences,
    nominal: nominalOf,
    // A series cancelled as a whole keeps the occurrences changed alone (R6): it is off once nothing is held.
    cancelled: occurrences.length === 0,
    tentative: occurrences.length > 0 && rows.filter(held).every((r) => awaitsApproval(r.state)),
  };
}

/** The recurring VEVENT of a series and its overrides, all with the series' UID. */
export function seriesEvents(
  s: SeriesShape,
  where: (row: BookingRow) => string,
  organiser: IcalPerson,
  attendees: IcalEvent['attendees'] = [],
): IcalEvent[] {
  const master: IcalEvent = {
    ...bookingEvent(s.master, where(s.master), organiser, attendees),
    uid: s.uid,
    sequence: s.sequence,
    startAt: s.firstStartAt,
    endAt: s.firstEndAt,
    timeZone: s.timeZone,
    status: s.cancelled ? 'CANCELLED' : s.tentative ? 'TENTATIVE' : 'CONFIRMED',
    repeat: { rule: s.rule, lastStartAt: s.lastStartAt, exdates: s.exdates },
  };
  if (s.cancelled) return [master];
  return [
    master,
    ...s.overrides.map(({ row, recurrenceId }) => ({
      ...bookingEvent(row, where(row), organiser, attendees),
      uid: s.uid,
      recurrenceId,
      timeZone: s.timeZone,
    })),
  ];
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed needs the notify provider's sending address, the ORGANIZER of meetings whose organiser has none. */
type FeedDeps = BookingDeps & { pluginHost?: Cradle['pluginHost'] };

export class BookingFeedService {
  constructor(private readonly deps: FeedDeps) {}

  /**
   * Organisers as ORGANIZER: their address, else the sending account, else an address that reaches nobody. A
   * resource's feed (`bare`) names them with the sending account, as the grid shows no addresses.
   */
  private async organisers(ids: number[], bare = false): Promise<(id: number) => IcalPerson> {
    const users = new Map((await enabledUsersById(this.deps.db, [...new Set(ids)])).map((u) => [u.id, u]));
    const sender = await this.deps.pluginHost?.notifySender().catch(() => undefined);
    return (id) => {
      const u = users.get(id);
      const own = bare ? undefined : u?.email;
      return { name: u ? u.realName || u.username : '', email: own || sender || `user-${id}@atrium.invalid` };
    };
  }

  /**
   * Rows as a PUBLISH document: bookings alone as themselves, each series once as a recurring event. A resource's
   * feed (`bare`) says what the grid says of a meeting, not its remarks or who is invited.
   */
  private async publish(rows: BookingRow[], name: string, bare?: { title: string }): Promise<string> {
    const { db, clock } = this.deps;
    const names = await resourceNames(
      db,
      rows.map((r) => r.resourceId),
    );
    const where = (r: Pick<BookingRow, 'resourceId'>) => whereOf(names.get(r.resourceId));
    const seriesIds = [...new Set(rows.map((r) => r.seriesId).filter((s): s is number => s !== null))];
    const shapes = (await Promise.all(seriesIds.map((id) => seriesShape(db, id)))).filter(
      (s): s is SeriesShape => s !== undefined,
    );
    const organiser = await this.organisers(
      [...rows, ...shapes.map((s) => s.master)].map((r) => r.organiserId),
      bare !== undefined,
    );
    // A resource's feed shows others' subjects only where the grid does (showOthersSubject); else the room's name.
    const subjects = bare ? (await loadSettings(this.deps.paramsService)).showOthersSubject : true;
    const events = [
      ...rows.filter((r) => r.seriesId === null).map((b) => bookingEvent(b, where(b), organiser(b.organiserId))),
      ...shapes.flatMap((s) => seriesEvents(s, where, organiser(s.master.organiserId))),
    ].map((e) => (bare ? { ...e, description: null, attendees: [], summary: subjects ? e.summary : bare.title } : e));
    return icalDocument({ method: 'PUBLISH', prodId: PRODID, name, now: clock.now(), events });
  }

  /**
   * One booking as an .ics file, for whoever may see the booking. An occurrence of a series answers its series (the
   * recurring event with its exceptions, UID series-<id>): the invitations carry that UID, so a calendar holding the
   * invitation updates it rather than adding the occurrence a second time.
   */
  async bookingIcs(actor: Actor, id: number): Promise<string> {
    const view = await bookingById(this.deps, actor, id);
    const row = bookingOf((await BookingModel.query(this.deps.db).findById(view.id))!);
    const shape = row.seriesId === null ? undefined : await seriesShape(this.deps.db, row.seriesId);
    const resourceIds = [...new Set([view.resourceId, ...(shape?.overrides.map((o) => o.row.resourceId) ?? [])])];
    const names = await resourceNames(this.deps.db, resourceIds);
    const organiser = (await this.organisers([row.organiserId]))(row.organiserId);
    // What bookingById hid from this caller (others' subjects where the grid hides them) stays hidden in every event.
    const hidden = (view.subject ?? null) !== row.subject || (view.remarks ?? null) !== (row.remarks ?? null);
    const seen = (r: BookingRow): BookingRow =>
      hidden ? { ...r, subject: view.subject ?? '', remarks: view.remarks ?? null } : r;
    const events = shape
      ? seriesEvents(
          { ...shape, master: seen(shape.master), overrides: shape.overrides.map((o) => ({ ...o, row: seen(o.row) })) },
          (r) => whereOf(names.get(r.resourceId)),
          organiser,
        )
      : [bookingEvent(seen(row), whereOf(names.get(row.resourceId)), organiser)];
    return icalDocument({
      method: 'PUBLISH',
      prodId: PRODID,
      name: view.subject ?? 'Atrium',
      now: this.deps.clock.now(),
      events,
    });
  }

  /** Creates or rotates the caller's feed token; only its hash is kept, so the old URL stops working. */
  async rotate(actor: Actor): Promise<{ token: string }> {
    const token = randomBytes(24).toString('base64url');
    await setFeedTokenHash(this.deps.db, actor.userId, hash(token), this.deps.clock.now());
    return { token };
  }

  /** The public feed: the token's owner's bookings from a week ago on (organiser or inner attendee). */
  async feed(token: string): Promise<string> {
    const { db, clock } = this.deps;
    const user = await userByFeedTokenHash(db, hash(token));
    if (!user) throw new NotFoundError('feed');
    const now = clock.now();
    const rows = (
      await BookingModel.query(db)
        .where((w) => {
          w.where('organiser_id', user.id).orWhereIn(
            'id',
            BookingAttendeeModel.query(db).where({ user_id: user.id, kind: 'inner' }).select('booking_id'),
          );
        })
        .whereIn('state', [...ON_CALENDAR, 'cancelled'])
        .where('end_at', '>', now - 7 * DAY_MS)
        .orderBy('start_at')
        .limit(1000)
    ).map(bookingOf);
    return this.publish(rows, `Atrium – ${user.username}`);
  }

  /** Where `actor` may manage the resource (its kind's update capability): its type and name. */
  private async managed(actor: Actor, resourceId: number): Promise<ResourceNames> {
    const names = (await resourceNames(this.deps.db, [resourceId])).get(resourceId);
    if (!names) throw new NotFoundError('resource');
    if (!can(actor, resourceCapability(names.type, 'update'))) throw new ForbiddenError();
    return names;
  }

  /** Creates or rotates a resource's feed token; only its hash is kept, so the old URL stops working. */
  async rotateResource(actor: Actor, resourceId: number): Promise<{ token: string }> {
    await this.managed(actor, resourceId);
    const token = randomBytes(24).toString('base64url');
    const row = { resource_id: resourceId, token_hash: hash(token), created_by: actor.userId || null };
    await this.deps.db.transaction(async (trx) => {
      await ResourceFeedModel.query(trx).where({ resource_id: resourceId }).delete();
      await trx('resource_feeds').insert({ ...row, created_at: this.deps.clock.now() });
    });
    return { token };
  }

  /** Revokes a resource's feed: its URL stops working. Answers whether there was one. */
  async revokeResource(actor: Actor, resourceId: number): Promise<{ revoked: boolean }> {
    await this.managed(actor, resourceId);
    return { revoked: (await ResourceFeedModel.query(this.deps.db).where({ resource_id: resourceId }).delete()) > 0 };
  }

  /** A resource's public feed: its bookings from a week ago on, each series once. */
  async resourceFeed(token: string): Promise<string> {
    const { db, clock } = this.deps;
    const feed = await ResourceFeedModel.query(db).findOne({ token_hash: hash(token) });
    if (!feed) throw new NotFoundError('feed');
    const names = (await resourceNames(db, [feed.resourceId])).get(feed.resourceId);
    if (!names) throw new NotFoundError('feed');
    const rows = (
      await BookingModel.query(db)
        .where({ resource_id: feed.resourceId })
        .whereIn('state', [...ON_CALENDAR, 'cancelled'])
        .where('end_at', '>', clock.now() - 7 * DAY_MS)
        .orderBy('start_at')
        .limit(1000)
    ).map(bookingOf);
    return this.publish(rows, `Atrium – ${names.name}`, { title: names.name });
  }
}
