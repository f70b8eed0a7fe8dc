/**
 * The waitlist (docs/product-rules.md R25): people waiting for a taken range of one resource; when the whole range
 * frees, the first in line is told and, if they asked for it, booked with every rule checked again.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { can, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginate, type Page } from '../../db/paging.ts';
import { runTx } from '../../db/transaction.ts';
import { AppError, BusinessRuleError, ConflictError, NotFoundError } from '../../errors.ts';
import type { BookingEventName } from '../../event-types.ts';
import { resolveLang, t, type Lang, type MessageParams } from '../../i18n/index.ts';
import type { CoreOutboxKind, OutboxItem } from '../../plugin-host/index.ts';
import type { Change } from '../changes/index.ts';
import { joinResource } from '../resources/index.ts';
import { WaitlistEntryModel } from './model.ts';
import type { EntryView, JoinInput, WaitlistQuery, WaitlistState } from './schema.ts';

/** The outbox kind of "serve this resource's line": no provider's, delivered by this module (like webhooks). */
export const WAITLIST_KIND: CoreOutboxKind = 'waitlist';

/** The changes that may free time on a resource (R25.4): ended, cancelled, refused, or moved or shortened. */
const FREEING: ReadonlySet<BookingEventName> = new Set<BookingEventName>([
  'booking.cancelled',
  'booking.autoCancelled',
  'booking.checkedOut',
  'booking.updated',
  'booking.denied',
  'booking.revoked',
  'booking.expired',
]);

const ACTIVE: WaitlistState[] = ['waiting', 'offered'];

/** How long one server may hold a resource's line before another may take it over (it crashed). */
const SERVING_LEASE_MS = 60_000;
/** How long a server waits for another to finish serving the same line before the outbox tries again later. */
const SERVING_WAIT_MS = 10_000;

const waitingKey = (userId: number, resourceId: number, startAt: number, endAt: number) =>
  `${userId}:${resourceId}:${startAt}:${endAt}`;

interface Served {
  startAt: number;
  endAt: number;
}

export class WaitlistService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      logger: Logger;
      bookingsService: Cradle['bookingsService'];
      notificationsService: Cradle['notificationsService'];
      usersService: Cradle['usersService'];
      authService: Cradle['authService'];
      changeLog: Cradle['changeLog'];
      outbox: Cradle['outbox'];
    },
  ) {}

  /** Joins the line for a taken range (R25.2): a range the caller could book were it free, and one place in it. */
  async join(actor: Actor, input: JoinInput): Promise<EntryView> {
    const { db, clock, bookingsService } = this.deps;
    const range = await bookingsService.waitableRange(actor, input);
    if (!range.taken) throw new BusinessRuleError('waitlist.free');
    const { times } = range;
    const now = clock.now();
    let ids: number[];
    try {
      ids = (await db('waitlist_entries').insert({
        user_id: actor.userId,
        resource_id: input.resourceId,
        meeting_date: times.meetingDate,
        start_time: times.startTime,
        end_time: times.endTime,
        whole_day: times.wholeDay,
        start_at: times.startAt,
        end_at: times.endAt,
        subject: input.subject,
        auto_book: input.autoBook,
        state: 'waiting',
        waiting_key: waitingKey(actor.userId, input.resourceId, times.startAt, times.endAt),
        created_at: now,
        updated_at: now,
      })) as number[];
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError('waitlist.already');
      throw err;
    }
    return this.one(actor, Number(ids[0]));
  }

  private base(): Knex.QueryBuilder {
    return joinResource(this.deps.db('waitlist_entries as w').select('w.*'), 'w.resource_id', [
      'name as resource_name',
    ]);
  }

  private view(lang: Lang, r: Record<string, unknown>): EntryView {
    const reason = r.reason ? String(r.reason) : null;
    const params = r.reason_params ? (JSON.parse(String(r.reason_params)) as MessageParams) : {};
    return {
      id: Number(r.id),
      resourceId: Number(r.resource_id),
      resourceName: r.resource_name == null ? null : String(r.resource_name),
      meetingDate: String(r.meeting_date),
      startTime: String(r.start_time),
      endTime: String(r.end_time),
      wholeDay: Boolean(Number(r.whole_day)),
      startAt: Number(r.start_at),
      endAt: Number(r.end_at),
      subject: String(r.subject),
      autoBook: Boolean(Number(r.auto_book)),
      state: String(r.state) as WaitlistState,
      reason: reason ? t(lang, reason, params) : null,
      bookingId: r.booking_id == null ? null : Number(r.booking_id),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  }

  private async one(actor: Actor, id: number): Promise<EntryView> {
    const row = (await this.base().where('w.id', id).where('w.user_id', actor.userId).first()) as
      Record<string, unknown> | undefined;
    // Another's entry is as unknown as one that does not exist (R25.3).
    if (!row) throw new NotFoundError('waitlist entry', id);
    return this.view(actor.lang, row);
  }

  /** The caller's own entries, newest first, searched by resource name and subject (R25.3). */
  async mine(actor: Actor, query: WaitlistQuery): Promise<Page<EntryView>> {
    const q = this.base().where('w.user_id', actor.userId).orderBy('w.id', 'desc');
    if (query.scope === 'active') q.whereIn('w.state', ACTIVE);
    if (query.q) whereAnyContains(q, ['r.name', 'w.subject'], query.q);
    return paginate(q, query, (r) => this.view(actor.lang, r));
  }

  /** Leaves a line (R25.3): one's own entry, while it still waits or was just offered. */
  async leave(actor: Actor, id: number): Promise<void> {
    const entry = await this.one(actor, id);
    if (!ACTIVE.includes(entry.state)) throw new BusinessRuleError('waitlist.notWaiting');
    await this.deps
      .db('waitlist_entries')
      .where({ id, user_id: actor.userId })
      .whereIn('state', ACTIVE)
      .update({ state: 'left', waiting_key: null, updated_at: this.deps.clock.now() });
  }

  /**
   * The change dispatcher's target (R25.4): a change that may have freed time on a resource where someone waits
   * queues one "serve the line" row for it; serving reads what is free when it runs, so a repeat does no harm.
   */
  async plan(change: Change): Promise<OutboxItem[]> {
    if (!FREEING.has(change.name as BookingEventName) || !('booking' in change.payload)) return [];
    const { booking } = change.payload;
    const resources = new Set([booking.resourceId]);
    // Moved to another resource: the one it left is what was freed (the change before this one names it).
    if (change.name === 'booking.updated') {
      const before = (await this.deps.changeLog.latestBefore([booking.id], change.id)).get(booking.id);
      if (before && 'booking' in before.payload) resources.add(before.payload.booking.resourceId);
    }
    const waiting = (await this.deps
      .db('waitlist_entries')
      .whereIn('resource_id', [...resources])
      .where({ state: 'waiting' })
      .where('start_at', '>', change.at)
      .distinct('resource_id')) as Array<{ resource_id: number | string }>;
    return waiting
      .map((r) => Number(r.resource_id))
      .sort((a, b) => a - b)
      .map((resourceId) => ({ kind: WAITLIST_KIND, provider: null, topic: 'waitlist.serve', payload: { resourceId } }));
  }

  /**
   * Serves a resource's line (R25.4, R25.5): each waiting entry, first come first, whose whole range is free now
   * and overlaps nothing served in this run, is claimed (waiting → offered, guarded, so two processes never serve
   * one entry twice), then booked for its person when asked and told. Answers how many were served.
   */
  async serve(resourceId: number): Promise<number> {
    const holder = await this.holdLine(resourceId);
    try {
      return await this.serveHeld(resourceId);
    } finally {
      await this.deps.db('waitlist_serving').where({ resource_id: resourceId, holder }).delete();
    }
  }

  /**
   * Waits until this server alone serves the resource's line (R25.4): otherwise a second server could book the
   * second in line while the first's booking is still being made. Throws after a while, so the outbox retries.
   */
  private async holdLine(resourceId: number): Promise<string> {
    const { db, clock } = this.deps;
    const holder = randomUUID();
    const deadline = Date.now() + SERVING_WAIT_MS;
    for (;;) {
      const now = clock.now();
      try {
        await db('waitlist_serving').insert({ resource_id: resourceId, holder, locked_until: now + SERVING_LEASE_MS });
        return holder;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const taken = await db('waitlist_serving')
        .where({ resource_id: resourceId })
        .where('locked_until', '<', now)
        .update({ holder, locked_until: now + SERVING_LEASE_MS });
      if (taken === 1) return holder;
      if (Date.now() > deadline) throw new Error(`the waitlist of resource ${resourceId} is being served elsewhere`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async serveHeld(resourceId: number): Promise<number> {
    const { db, clock } = this.deps;
    await this.requeueOrphans(resourceId);
    const entries = await WaitlistEntryModel.query(db)
      .where({ resource_id: resourceId, state: 'waiting' })
      .where('start_at', '>', clock.now())
      .orderBy('id');
    const served: Served[] = [];
    for (const e of entries) {
      if (served.some((s) => s.startAt < e.endAt && s.endAt > e.startAt)) continue;
      if (!(await this.deps.bookingsService.isFree(resourceId, e.startAt, e.endAt))) continue;
      const outcome = await this.serveOne(e);
      if (outcome === 'served') served.push(e);
    }
    return served.length;
  }

  /** One entry: claimed, then offered or booked; a refused booking marks it failed so the next in line is tried. */
  private async serveOne(e: WaitlistEntryModel): Promise<'served' | 'skipped' | 'failed'> {
    const { db, clock } = this.deps;
    const claimed = await db('waitlist_entries')
      .where({ id: e.id, state: 'waiting' })
      .update({ state: 'offered', waiting_key: null, updated_at: clock.now() });
    if (claimed !== 1) return 'skipped';
    if (!e.autoBook) {
      await this.tell(e, 'offered', { state: 'offered' });
      return 'served';
    }
    let bookingId: number;
    try {
      bookingId = await this.bookFor(e);
    } catch (err) {
      if (err instanceof ConflictError || !(err instanceof AppError)) {
        // Taken again meanwhile (another process booked it first), or a failure that is nobody's answer: back in
        // its place in line, to be tried at the next freeing or retry.
        await this.requeue(e);
        if (err instanceof ConflictError) return 'skipped';
        throw err;
      }
      await this.tell(e, 'failed', {
        state: 'failed',
        reason: err.key.slice(0, 100),
        reason_params: JSON.stringify(err.params),
      });
      return 'failed';
    }
    await this.tell(e, 'booked', { state: 'booked', booking_id: bookingId });
    return 'served';
  }

  /**
   * Entries claimed to be booked by a server that stopped before it booked them (R25.4) go back to their place in
   * line. Only the holder of the resource's line calls this, so the server that claimed them is not still at it.
   */
  private async requeueOrphans(resourceId: number): Promise<void> {
    const orphans = await WaitlistEntryModel.query(this.deps.db)
      .where({ resource_id: resourceId, state: 'offered', auto_book: true })
      .whereNull('booking_id')
      .where('start_at', '>', this.deps.clock.now());
    for (const e of orphans) {
      try {
        await this.requeue(e);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The person joined the same range again meanwhile: that newer entry stands for them.
        await this.deps
          .db('waitlist_entries')
          .where({ id: e.id })
          .update({ state: 'left', updated_at: this.deps.clock.now() });
      }
    }
  }

  /**
   * Lines a server stopped serving half-way (an entry claimed for booking, no booking, and nobody holding the line
   * for a lease's length) are queued to be served again (R25.4); run by the minute job. Answers how many lines.
   */
  async resumeStopped(now = this.deps.clock.now()): Promise<number> {
    const { db, outbox } = this.deps;
    const lines = (await db('waitlist_entries as w')
      .where({ 'w.state': 'offered', 'w.auto_book': true })
      .whereNull('w.booking_id')
      .where('w.start_at', '>', now)
      .where('w.updated_at', '<', now - SERVING_LEASE_MS)
      .whereNotExists(
        db('waitlist_serving as s').whereRaw('s.resource_id = w.resource_id').where('s.locked_until', '>=', now),
      )
      .distinct('w.resource_id')) as Array<{ resource_id: number | string }>;
    for (const r of lines)
      await outbox.enqueue(db, {
        kind: WAITLIST_KIND,
        provider: null,
        topic: 'waitlist.serve',
        payload: { resourceId: Number(r.resource_id) },
      });
    return lines.length;
  }

  private async requeue(e: WaitlistEntryModel): Promise<void> {
    await this.deps
      .db('waitlist_entries')
      .where({ id: e.id, state: 'offered' })
      .update({
        state: 'waiting',
        waiting_key: waitingKey(e.userId, e.resourceId, e.startAt, e.endAt),
        updated_at: this.deps.clock.now(),
      });
  }

  /** Books the range as the entry's person (R25.5): their rights now, and every booking rule. */
  private async bookFor(e: WaitlistEntryModel): Promise<number> {
    const user = await this.deps.usersService.findById(e.userId);
    if (!user) throw new BusinessRuleError('waitlist.noAccount');
    const permissions = await this.deps.authService.assertMaySignIn(user);
    const actor: Actor = {
      userId: user.id,
      username: user.username,
      permissions,
      lang: resolveLang(user.lang),
      via: 'session',
    };
    if (!can(actor, 'bookings.book')) throw new BusinessRuleError('waitlist.mayNotBook');
    const made = await this.deps.bookingsService.create(actor, {
      resourceId: e.resourceId,
      meetingDate: e.meetingDate,
      startTime: e.startTime,
      endTime: e.endTime,
      wholeDay: e.wholeDay,
      subject: e.subject,
      innerAttendees: [],
      outerAttendees: [],
      reminderMinutes: 0,
      conflictPolicy: 'fail',
    });
    return (made as { id: number }).id;
  }

  /** Writes the entry's outcome and queues its person's notice with it, in one transaction (R25.4, R25.5). */
  private async tell(
    e: WaitlistEntryModel,
    outcome: 'offered' | 'booked' | 'failed',
    change: Record<string, unknown>,
  ): Promise<void> {
    const { db, clock, notificationsService } = this.deps;
    const name = (await this.base().where('w.id', e.id).first('r.name as resource_name')) as
      { resource_name?: string } | undefined;
    const reason = typeof change.reason === 'string' ? change.reason : undefined;
    const reasonParams = reason ? (JSON.parse(String(change.reason_params)) as MessageParams) : {};
    const queue = await notificationsService.noticeToUser(e.userId, {
      topic: 'waitlist.free',
      key: `waitlist:${e.id}:${outcome}`,
      words: (lang) => {
        const params = {
          resource: name?.resource_name ?? '',
          date: e.meetingDate,
          start: e.startTime,
          end: e.endTime,
          reason: reason ? t(lang, reason, reasonParams) : '',
        };
        return {
          subject: t(lang, `waitlist.${outcome}Subject`, params),
          text: t(lang, `waitlist.${outcome}Text`, params),
        };
      },
    });
    await runTx(db, async (trx) => {
      await trx('waitlist_entries')
        .where({ id: e.id })
        .update({ ...change, updated_at: clock.now() });
      await queue(trx);
    });
  }

  /** Entries still waiting when their range starts expire (R25.6); answers how many. */
  async expire(now = this.deps.clock.now()): Promise<number> {
    return this.deps
      .db('waitlist_entries')
      .where({ state: 'waiting' })
      .where('start_at', '<=', now)
      .update({ state: 'expired', waiting_key: null, updated_at: now });
  }
}
