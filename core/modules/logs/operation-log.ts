/**
 * The operation log: every mutating admin call writes one row, inside the same
 * transaction as the change, so the log and the data never disagree.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';

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
}
