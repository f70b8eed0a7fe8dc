/**
 * The operation log: every mutating admin call writes one row, inside the same
 * transaction as the change, so the log and the data never disagree.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { runTx, type Db } from '../../db/transaction.ts';

const SECRET_FIELD = /pass(word)?|secret|token|private|key$|captcha/i;

/** Removes secret values from a before/after summary, at any depth. */
export function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '[redacted]' : scrub(v)]),
    );
  }
  return value;
}

export interface OperationEntry {
  action: string;
  target?: string | number;
  before?: unknown;
  after?: unknown;
  note?: string;
}

export class OperationLog {
  constructor(private readonly deps: { db: Knex; clock: Clock }) {}

  async record(trx: Knex | Knex.Transaction, actor: Actor, entry: OperationEntry): Promise<void> {
    const summary = JSON.stringify(scrub({ before: entry.before, after: entry.after, note: entry.note }));
    await trx('operation_logs').insert({
      user_id: actor.userId || null,
      username: actor.username,
      action: entry.action,
      target: entry.target === undefined ? null : String(entry.target).slice(0, 200),
      summary: summary.length > 60_000 ? summary.slice(0, 60_000) : summary,
      ip: actor.ip ?? null,
      created_at: this.deps.clock.now(),
    });
  }

  /**
   * The record-keeping of one kind of audited record (`action` such as `room.floor`, `load` reads one by id):
   * each change runs in one transaction that reads the record before, writes, reads it after and logs both
   * under `<action>.create|update|delete`, so no service hand-writes that sequence.
   */
  audited<V>(action: string, load: (id: number, trx: Db) => Promise<V>): Audited<V> {
    const { db } = this.deps;
    return {
      create: (actor, write) =>
        runTx(db, async (trx) => {
          const id = await write(trx);
          const after = await load(id, trx);
          await this.record(trx, actor, { action: `${action}.create`, target: id, after });
          return after;
        }),
      update: (actor, id, write) =>
        runTx(db, async (trx) => {
          const before = await load(id, trx);
          await write(trx, before);
          const after = await load(id, trx);
          await this.record(trx, actor, { action: `${action}.update`, target: id, before, after });
          return after;
        }),
      remove: (actor, id, write) =>
        runTx(db, async (trx) => {
          const before = await load(id, trx);
          await write(trx, before);
          await this.record(trx, actor, { action: `${action}.delete`, target: id, before });
        }),
    };
  }
}

/** Changes of one kind of record, each logged with its before and after (OperationLog.audited). */
export interface Audited<V> {
  /** `write` inserts the record and answers its id. */
  create(actor: Actor, write: (trx: Knex.Transaction) => Promise<number>): Promise<V>;
  /** `write` checks and changes the record, given it as it was. */
  update(actor: Actor, id: number, write: (trx: Knex.Transaction, before: V) => Promise<void>): Promise<V>;
  /** `write` checks and deletes the record, given it as it was. */
  remove(actor: Actor, id: number, write: (trx: Knex.Transaction, before: V) => Promise<void>): Promise<void>;
}
