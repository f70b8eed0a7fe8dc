/**
 * Violations and the blocklist (docs/product-rules.md R9): no-shows add violations; enough of them
 * within the statistics period put the user on the blocklist for some days; the
 * release job (or an administrator) lets them book again.
 *
 * Events: this service records `user.violation`, `user.blocklisted` and
 * `user.released` itself in the change record, in the transaction that makes
 * the change, so their notifications are as durable as the change (the bus
 * hears them after commit). Callers of recordViolation must not record them again.
 *
 * Counting rule: a violation counts when it lies within the last
 * `blocklistPeriodDays` before `at` (or later: no-shows may be processed out of
 * order) AND after the user's latest blocklisting,
 * so the violations that caused one blocklisting cannot cause the next one
 * right after a release. `blocklistEnabled` only stops new blocklistings;
 * users already on the list stay there until released.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connection.ts';
import type { Page } from '../../db/paging.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { runTx } from '../../db/transaction.ts';
import type { AnyEvent } from '../../event-types.ts';
import { BlocklistModel } from './model.ts';
import { blocklistBase, listBlocklist, listViolations, toBlocklistEntry } from './queries.ts';
import type { BlocklistEntry, BlocklistQuery, ViolationEntry, ViolationQuery } from './schema.ts';
import type { Cradle } from '../../cradle.ts';
import { lockUser } from '../users/index.ts';

export interface ViolationInput {
  userId: number;
  bookingId: number | null;
  kind?: 'noShow';
  at: number;
}

export interface BlocklistDeps {
  db: Knex;
  dialect: Dialect;
  clock: Clock;
  changeLog: Cradle['changeLog'];
  paramsService: Cradle['paramsService'];
  operationLog: Cradle['operationLog'];
}

const DAY_MS = 86_400_000;
const PARAM_KEYS = [
  'blocklistEnabled',
  'blocklistMaxViolations',
  'blocklistPeriodDays',
  'blocklistDisableDays',
] as const;

interface BlocklistParams {
  enabled: boolean;
  maxViolations: number;
  periodDays: number;
  disableDays: number;
}

export class BlocklistService {
  constructor(private readonly deps: BlocklistDeps) {}

  private async params(trx: Knex | Knex.Transaction): Promise<BlocklistParams> {
    const p = await this.deps.paramsService.getMany(PARAM_KEYS, trx);
    return {
      enabled: Boolean(p.blocklistEnabled),
      maxViolations: Number(p.blocklistMaxViolations),
      periodDays: Number(p.blocklistPeriodDays),
      disableDays: Number(p.blocklistDisableDays),
    };
  }

  /**
   * Records a violation inside the caller's transaction and blocklists the user when the maximum is reached.
   * Idempotent per (booking, kind): a second call for the same no-show — a retry, or another process —
   * records nothing (`recorded: false`).
   */
  async recordViolation(
    trx: Knex.Transaction,
    v: ViolationInput,
  ): Promise<{ recorded: boolean; blocklisted: boolean }> {
    const kind = v.kind ?? 'noShow';
    // Locking the user's row serialises the count-and-decide below per user across processes, so two
    // no-shows processed at once cannot both miss (or both reach) the threshold. SQLite has one writer anyway.
    if (!(await lockUser(trx, v.userId))) throw new NotFoundError('user', v.userId);
    let violationId: number;
    try {
      [violationId] = (
        await trx('violations').insert({ user_id: v.userId, booking_id: v.bookingId, kind, occurred_at: v.at })
      ).map(Number) as [number];
    } catch (err) {
      // UNIQUE(booking_id, kind): this no-show is already on record. Only the statement failed; the
      // caller's transaction goes on (MySQL and SQLite both roll back just the failing statement).
      if (isUniqueViolation(err)) return { recorded: false, blocklisted: false };
      throw err;
    }

    const p = await this.params(trx);
    const { last, since, others, othersNewest } = await this.committedState(trx, v, p.periodDays, violationId);
    const ownCounts = v.at > since;
    const violationCount = others + (ownCounts ? 1 : 0);
    const changes: AnyEvent[] = [
      {
        name: 'user.violation',
        payload: { userId: v.userId, bookingId: v.bookingId ?? undefined, violationCount },
      },
    ];
    const done = async (blocklisted: boolean) => {
      await this.deps.changeLog.record(trx, changes);
      return { recorded: true, blocklisted };
    };

    if (!p.enabled || violationCount < p.maxViolations) return done(false);
    if (last && last.releasedAt === null) {
      if (last.releaseAt > v.at) return done(false); // already on the list
      // Its release time passed but the job has not run yet: release it here, keeping one open row per user.
      await trx('blocklist').where({ id: last.id }).update({ released_at: v.at });
      changes.push({ name: 'user.released', payload: { userId: v.userId, releaseAt: last.releaseAt } });
    }
    // Blocked from the newest counted violation (usually `at`), so out-of-order no-shows that were
    // counted here lie at or before blocked_at and cannot count again for the next blocklisting.
    const blockedAt = Math.max(ownCounts ? v.at : -Infinity, othersNewest ?? -Infinity);
    const releaseAt = blockedAt + p.disableDays * DAY_MS;
    await trx('blocklist').insert({
      user_id: v.userId,
      violation_count: violationCount,
      blocked_at: blockedAt,
      release_at: releaseAt,
    });
    changes.push({
      name: 'user.blocklisted',
      payload: { userId: v.userId, violationCount, releaseAt, bookingId: v.bookingId ?? undefined },
    });
    return done(true);
  }

  /**
   * The user's latest blocklist row and their other violations since the counting boundary, as committed
   * by everyone else. On MySQL this reads on a second connection, without locks: the caller's transaction
   * may carry a REPEATABLE READ snapshot older than our user lock (missing what the previous holder just
   * committed), and locking range reads would take gap locks that deadlock the inserts of other users
   * (measured: two servers blocklisting six people at once deadlocked). Holding the user lock, nothing
   * else can add a violation or a blocklisting for this user until we commit, so committed state is complete.
   * On SQLite the transaction is the only connection and already sees everything.
   */
  private async committedState(trx: Knex.Transaction, v: ViolationInput, periodDays: number, ownViolationId: number) {
    const read = this.deps.dialect === 'mysql' ? this.deps.db : trx;
    const last = await BlocklistModel.query(read)
      .where({ user_id: v.userId })
      .orderBy([
        { column: 'blocked_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .select('id', 'blocked_at', 'release_at', 'released_at')
      .first();
    const since = Math.max(v.at - periodDays * DAY_MS, last ? last.blockedAt : -Infinity);
    const row = (await read('violations')
      .where({ user_id: v.userId })
      .where('occurred_at', '>', since)
      .whereNot('id', ownViolationId)
      .count({ n: '*' })
      .max({ newest: 'occurred_at' })
      .first()) as { n: number | string; newest: number | string | null } | undefined;
    const othersNewest = row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
    return { last, since, others: Number(row?.n ?? 0), othersNewest };
  }

  /** True while the user is on the blocklist at `at`. */
  async isBlocked(trx: Knex | Knex.Transaction, userId: number, at: number): Promise<boolean> {
    return Boolean(await this.holding(trx, userId, at).first('id'));
  }

  /** The entries holding the user at `at`, for a caller to count inside its own query (the booking write saves a round trip). */
  holding(trx: Knex | Knex.Transaction, userId: number, at: number): Knex.QueryBuilder {
    return trx('blocklist').where({ user_id: userId }).whereNull('released_at').where('release_at', '>', at);
  }

  /** The release job: lifts every entry whose release time has passed. Returns how many it released. */
  async releaseDue(now: number = this.deps.clock.now()): Promise<number> {
    const { db } = this.deps;
    let released = 0;
    for (;;) {
      const due = await BlocklistModel.query(db)
        .whereNull('released_at')
        .where('release_at', '<=', now)
        .orderBy('id')
        .limit(200)
        .select('id', 'user_id', 'release_at');
      for (const row of due) {
        // The released_at guard makes a concurrent manual release win cleanly: only one of them counts.
        const n = await runTx(db, async (trx) => {
          const won = await trx('blocklist')
            .where({ id: row.id })
            .whereNull('released_at')
            .update({ released_at: now });
          if (won === 1)
            await this.deps.changeLog.record(trx, [
              { name: 'user.released', payload: { userId: row.userId, releaseAt: row.releaseAt } },
            ]);
          return won;
        });
        if (n === 1) released++;
      }
      if (due.length < 200) return released;
    }
  }

  /** An administrator lets a user book again before the release time. */
  async release(actor: Actor, id: number): Promise<BlocklistEntry> {
    const { db, clock, operationLog } = this.deps;
    const now = clock.now();
    await runTx(db, async (trx) => {
      const found = await BlocklistModel.query(trx).findById(id).forUpdate();
      if (!found) throw new NotFoundError('blocklist entry', id);
      if (found.releasedAt !== null) throw new ConflictError('blocklist.alreadyReleased');
      await trx('blocklist')
        .where({ id })
        .update({ released_at: now, released_by: actor.userId || null });
      await operationLog.record(trx, actor, {
        action: 'sys.blocklist.release',
        target: id,
        before: { userId: found.userId, releaseAt: found.releaseAt, releasedAt: null },
        after: { userId: found.userId, releasedAt: now },
      });
      await this.deps.changeLog.record(trx, [
        { name: 'user.released', payload: { userId: found.userId, releaseAt: found.releaseAt } },
      ]);
    });
    return this.entry(id);
  }

  async entry(id: number): Promise<BlocklistEntry> {
    const entry = await blocklistBase(this.deps.db).where('bl.id', id).first();
    if (!entry) throw new NotFoundError('blocklist entry', id);
    return toBlocklistEntry(entry, this.deps.clock.now());
  }

  async list(q: BlocklistQuery): Promise<Page<BlocklistEntry>> {
    return listBlocklist(this.deps.db, q, this.deps.clock.now());
  }

  async violations(q: ViolationQuery): Promise<Page<ViolationEntry>> {
    return listViolations(this.deps.db, q);
  }
}
