/**
 * The change record: every booking change and every event about a person is
 * written to `domain_events` in the transaction that makes the change, so the
 * record exists exactly when the change does. Once the transaction commits, the
 * in-process bus hears it and this process's dispatcher is woken; other
 * processes' dispatchers find it within about a second.
 *
 * Ids are the commit order: each writer takes the next ids from the one row of
 * `domain_event_sequence`, whose lock it holds until COMMIT, so a change with a
 * lower id is always visible before one with a higher id, and rolled-back ids
 * are taken again. A reader that has seen id n never finds a smaller one later:
 * the dispatcher keeps one number per target, and a live stream may use the id as
 * its Last-Event-ID. The price is that writers of changes commit one after
 * another (SQLite does anyway).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connection.ts';
import { sendTogether } from '../../db/batch.ts';
import { afterCommit, runTx } from '../../db/transaction.ts';
import type { AnyEvent, EventMap, EventName } from '../../event-types.ts';
import type { EventBus } from '../../events.ts';
import type { Change } from './types.ts';

export interface ChangeLogDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  events: EventBus;
  dialect: Dialect;
}

type CommitListener = (changes: readonly Change[]) => void;

interface StoredChange {
  id: number | string;
  type: string;
  payload: string;
  created_at: number | string;
}

const changeOf = (r: StoredChange): Change =>
  ({ id: Number(r.id), name: r.type, payload: JSON.parse(r.payload), at: Number(r.created_at) }) as Change;

/**
 * Moves the sequence on by `n` and answers its new last id, in one statement: the UPDATE takes the sequence row's
 * lock and keeps it to COMMIT, so the ids it hands out are the commit order. MariaDB hands the new value on through
 * LAST_INSERT_ID(expr), to the statement's answer and to the INSERT sent with it (`record`); SQLite answers it
 * through RETURNING.
 */
const TAKE_IDS_MYSQL = 'update domain_event_sequence set last_id = last_insert_id(last_id + ?) where id = 1';

async function takeIdsSqlite(trx: Knex.Transaction, n: number): Promise<number> {
  const rows = (await trx.raw('update domain_event_sequence set last_id = last_id + ? where id = 1 returning last_id', [
    n,
  ])) as Array<{ last_id: number | string }>;
  return Number(rows[0]!.last_id);
}

export class ChangeLog {
  private readonly listeners = new Set<CommitListener>();

  constructor(private readonly deps: ChangeLogDeps) {}

  /** Writes `events` in the caller's transaction; they are announced once it commits, never if it rolls back. */
  async record(trx: Knex.Transaction, events: readonly AnyEvent[]): Promise<Change[]> {
    if (events.length === 0) return [];
    const n = events.length;
    const at = this.deps.clock.now();
    const rowOf = (e: AnyEvent, id: number | Knex.Raw) => ({
      id,
      type: e.name,
      booking_id: 'booking' in e.payload ? e.payload.booking.id : null,
      payload: JSON.stringify(e.payload),
      created_at: at,
    });
    let first: number;
    if (this.deps.dialect === 'mysql') {
      // Ids and rows in one round trip (core/db/batch.ts): the rows take their ids from LAST_INSERT_ID(), which
      // the sequence's UPDATE has just set to the last of them.
      const [taken] = await sendTogether(trx, [
        trx.raw(TAKE_IDS_MYSQL, [n]),
        trx('domain_events').insert(events.map((e, i) => rowOf(e, trx.raw('last_insert_id() - ?', [n - 1 - i])))),
      ]);
      first = taken! - n + 1;
    } else {
      first = (await takeIdsSqlite(trx, n)) - n + 1;
      await trx('domain_events').insert(events.map((e, i) => rowOf(e, first + i)));
    }
    const changes = events.map((e, i) => ({ ...e, id: first + i, at }) as Change);
    afterCommit(trx, () => this.committed(changes));
    return changes;
  }

  /** Records one event in a transaction of its own (an event that is the whole change, such as a reminder of expiry). */
  publish<K extends EventName>(name: K, payload: EventMap[K]): Promise<Change[]> {
    return runTx(this.deps.db, (trx) => this.record(trx, [{ name, payload } as AnyEvent]));
  }

  /** The changes after `afterId`, oldest first. */
  async after(db: Knex | Knex.Transaction, afterId: number, limit: number): Promise<Change[]> {
    // Read by the dispatcher and the live stream on every change: plain knex rows instead of models.
    const rows = (await db('domain_events')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .select('id', 'type', 'payload', 'created_at')) as StoredChange[];
    return rows.map(changeOf);
  }

  /** The oldest id still kept (retention removes the old ones), or null when nothing is kept. */
  async oldestId(db: Knex | Knex.Transaction = this.deps.db): Promise<number | null> {
    const row = (await db('domain_events').min({ id: 'id' }).first()) as { id: number | string | null } | undefined;
    return row?.id === null || row?.id === undefined ? null : Number(row.id);
  }

  /** Per booking of `bookingIds`, the change recorded last about it before the change `beforeId`, where still kept. */
  async latestBefore(
    bookingIds: readonly number[],
    beforeId: number,
    db: Knex | Knex.Transaction = this.deps.db,
  ): Promise<Map<number, Change>> {
    if (bookingIds.length === 0) return new Map();
    const rows = (await db('domain_events')
      .whereIn(
        'id',
        db('domain_events')
          .whereIn('booking_id', [...new Set(bookingIds)])
          .where('id', '<', beforeId)
          .groupBy('booking_id')
          .max('id'),
      )
      .select('id', 'type', 'booking_id', 'payload', 'created_at')) as Array<
      StoredChange & { booking_id: number | string }
    >;
    return new Map(rows.map((r) => [Number(r.booking_id), changeOf(r)]));
  }

  /** The newest id recorded (0 before the first change). */
  async lastId(db: Knex | Knex.Transaction = this.deps.db): Promise<number> {
    const row = (await db('domain_event_sequence').where({ id: 1 }).first('last_id')) as
      { last_id: number | string } | undefined;
    return Number(row?.last_id ?? 0);
  }

  /**
   * Calls `listener` with each batch of changes right after its transaction committed, before the bus hears
   * them. Answers the function that stops it.
   */
  onCommitted(listener: CommitListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private committed(changes: readonly Change[]): void {
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (err) {
        this.deps.logger.error({ err }, 'change listener failed');
      }
    }
    for (const c of changes) this.deps.events.emit(c.name, c.payload);
  }
}
