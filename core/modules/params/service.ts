/**
 * System parameters (the customer config map) and the time configuration.
 * Values are stored as JSON text and always pass their catalogue schema on the
 * way in, so readers can trust their types.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, ValidationError, type FieldError } from '../../errors.ts';
import { RecentValue } from '../../recent-value.ts';
import { issuesToFields } from '../../http/validate.ts';
import type { OperationLog } from '../logs/index.ts';
import { PARAMS, PARAM_BY_KEY, type ParamDef } from './catalog.ts';
import { TimeConfig, type ParamView } from './schema.ts';

export interface ParamsDeps {
  db: Knex;
  clock: Clock;
  operationLog: OperationLog;
}

export const DEFAULT_TIME_CONFIG: TimeConfig = { startTime: '00:00', endTime: '24:00', interval: 15, maxDuration: 0 };

/** Rules between parameters, checked on the values as they would be after a change. */
function crossFieldErrors(v: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  if (Number(v.passwordMinLength) > Number(v.passwordMaxLength))
    errors.push({ field: 'passwordMinLength', message: 'must not exceed passwordMaxLength' });
  const validity = Number(v.passwordValidityDays);
  if (validity > 0 && Number(v.passwordPromptDays) > validity)
    errors.push({ field: 'passwordPromptDays', message: 'must not exceed passwordValidityDays' });
  return errors;
}

/** Every parameter's stored value and the time configuration, as read together. */
interface Snapshot {
  values: Map<string, unknown>;
  time: TimeConfig;
}

export class ParamsService {
  /** Read on nearly every request (bookings, sign-in, grid): kept for a moment, see RecentValue. */
  private readonly snapshot = new RecentValue<Snapshot>(async () => {
    const [rows, time] = await Promise.all([
      this.deps.db('params').select('key', 'value') as Promise<Array<{ key: string; value: string }>>,
      this.readTimeConfig(this.deps.db),
    ]);
    return { values: new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown])), time };
  });

  constructor(private readonly deps: ParamsDeps) {}

  /** Writes the catalogue defaults for parameters that have no row yet; never overwrites a value. */
  async seedDefaults(): Promise<void> {
    this.snapshot.forget();
    const { db, clock } = this.deps;
    const existing = new Set((await db('params').select('key')).map((r: { key: string }) => r.key));
    const rows = PARAMS.filter((d) => !existing.has(d.key)).map((d) => ({
      key: d.key,
      value: JSON.stringify(d.default),
      remark: JSON.stringify(d.remark),
      group_name: d.group,
      updated_at: clock.now(),
    }));
    if (rows.length) await db('params').insert(rows);
    if (!(await db('time_config').where({ id: 1 }).first())) {
      const c = DEFAULT_TIME_CONFIG;
      await db('time_config').insert({
        id: 1,
        start_time: c.startTime,
        end_time: c.endTime,
        interval: c.interval,
        max_duration: c.maxDuration,
        updated_at: clock.now(),
      });
    }
  }

  private definition(key: string): ParamDef {
    const def = PARAM_BY_KEY.get(key);
    if (!def) throw new NotFoundError('parameter', key);
    return def;
  }

  /** One parameter; inside a transaction (`trx`) read from it, otherwise from the recent snapshot. */
  async get<T = unknown>(key: string, trx?: Knex | Knex.Transaction): Promise<T> {
    return (await this.getMany([key], trx))[key] as T;
  }

  /** Several parameters, with defaults for the missing ones; `trx` reads them in that transaction instead of the snapshot. */
  async getMany(keys: readonly string[], trx?: Knex | Knex.Transaction): Promise<Record<string, unknown>> {
    for (const k of keys) this.definition(k);
    let found: Map<string, unknown>;
    if (trx) {
      const rows = (await trx('params')
        .whereIn('key', keys as string[])
        .select('key', 'value')) as Array<{ key: string; value: string }>;
      found = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    } else {
      found = (await this.snapshot.get()).values;
    }
    return Object.fromEntries(keys.map((k) => [k, found.has(k) ? found.get(k) : this.definition(k).default]));
  }

  async hasOption(flag: string): Promise<boolean> {
    const options = await this.get<string>('options');
    return options.split('|').includes(flag);
  }

  async list(filter: { group?: string; q?: string } = {}): Promise<ParamView[]> {
    const values = await this.getMany(PARAMS.map((d) => d.key));
    const q = filter.q?.toLowerCase();
    return PARAMS.filter(
      (d) =>
        (!filter.group || d.group === filter.group) &&
        (!q || d.key.toLowerCase().includes(q) || Object.values(d.remark).some((r) => r.toLowerCase().includes(q))),
    ).map((d) => ({ key: d.key, paramValue: values[d.key], group: d.group, remark: d.remark }));
  }

  /** The parameters anyone may read (the console needs them before sign-in). */
  async publicValues(): Promise<Record<string, unknown>> {
    return this.getMany(PARAMS.filter((d) => d.public).map((d) => d.key));
  }

  /** Validates and writes several parameters at once: all of them, or none. */
  async setMany(actor: Actor, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
    const parsed: Record<string, unknown> = {};
    const errors: FieldError[] = [];
    for (const [key, raw] of Object.entries(changes)) {
      const def = PARAM_BY_KEY.get(key);
      if (!def) {
        errors.push({ field: key, message: 'unknown parameter' });
        continue;
      }
      const r = def.schema.safeParse(raw);
      if (r.success) parsed[key] = r.data;
      else errors.push(...issuesToFields(r.error.issues, key));
    }
    if (errors.length) throw new ValidationError(errors);
    return this.afterWrite(
      this.deps.db.transaction(async (trx) => {
        const before = await this.getMany(
          PARAMS.map((d) => d.key),
          trx,
        );
        const after = { ...before, ...parsed };
        const crossErrors = crossFieldErrors(after);
        if (crossErrors.length) throw new ValidationError(crossErrors);
        for (const [key, value] of Object.entries(parsed)) {
          const def = this.definition(key);
          const n = await trx('params')
            .where({ key })
            .update({ value: JSON.stringify(value), updated_at: this.deps.clock.now() });
          if (n === 0)
            await trx('params').insert({
              key,
              value: JSON.stringify(value),
              remark: JSON.stringify(def.remark),
              group_name: def.group,
              updated_at: this.deps.clock.now(),
            });
        }
        await this.deps.operationLog.record(trx, actor, {
          action: 'sys.params.update',
          target: Object.keys(parsed).join(','),
          before: Object.fromEntries(Object.keys(parsed).map((k) => [k, before[k]])),
          after: parsed,
        });
        return parsed;
      }),
    );
  }

  /** Forgets the snapshot once a write has committed (or failed): forgetting earlier could let a read re-remember the old values. */
  private async afterWrite<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.snapshot.forget();
    }
  }

  async getTimeConfig(trx?: Knex | Knex.Transaction): Promise<TimeConfig> {
    return trx ? this.readTimeConfig(trx) : (await this.snapshot.get()).time;
  }

  private async readTimeConfig(trx: Knex | Knex.Transaction): Promise<TimeConfig> {
    const row = await trx('time_config').where({ id: 1 }).first();
    if (!row) return DEFAULT_TIME_CONFIG;
    return {
      startTime: row.start_time,
      endTime: row.end_time,
      interval: Number(row.interval) as 15 | 30,
      maxDuration: Number(row.max_duration),
    };
  }

  async setTimeConfig(actor: Actor, input: TimeConfig): Promise<TimeConfig> {
    const value = z.parse(TimeConfig, input);
    return this.afterWrite(
      this.deps.db.transaction(async (trx) => {
        // Read through the transaction: SQLite has one connection, which the transaction holds.
        const before = await this.getTimeConfig(trx);
        await trx('time_config')
          .where({ id: 1 })
          .update({
            start_time: value.startTime,
            end_time: value.endTime,
            interval: value.interval,
            max_duration: value.maxDuration,
            updated_at: this.deps.clock.now(),
          });
        await this.deps.operationLog.record(trx, actor, { action: 'sys.timeConfig.update', before, after: value });
        return value;
      }),
    );
  }
}
