/**
 * System parameters (the customer config map) and the time configuration.
 * Values are stored as JSON text and always pass their catalogue schema on the
 * way in, so readers can trust their types.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { setDefaultLang } from '../../i18n/index.ts';
import { RecentValue } from '../../recent-value.ts';
import { parseWith } from '../../http/validate.ts';
import { t } from '../../i18n/index.ts';
import { PARAMS, PARAM_BY_KEY, type ParamDef } from './catalog.ts';
import { assertAllowed, maySave, mayView } from './groups.ts';
import { ParamModel, TimeConfigModel } from './model.ts';
import { anchored, patternProblem } from './pattern-safety.ts';
import { crossBreaches, inputBreaches, throwBreaches } from './rules.ts';
import { TimeConfig, type ParamView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface ParamsDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  operationLog: Cradle['operationLog'];
}

export const DEFAULT_TIME_CONFIG: TimeConfig = { startTime: '00:00', endTime: '24:00', interval: 15, maxDuration: 0 };

/** Every parameter optional, each with its catalogue schema (a change names only what it changes). */
const CHANGE = z.object(Object.fromEntries(PARAMS.map((d) => [d.key, d.schema.optional()])));

/** Every parameter's stored value and the time configuration, as read together. */
interface Snapshot {
  values: Map<string, unknown>;
  time: TimeConfig;
}

export class ParamsService {
  /** Read on nearly every request (bookings, sign-in, grid): kept for a moment, see RecentValue. */
  private readonly snapshot = new RecentValue<Snapshot>(async () => {
    const [rows, time] = await Promise.all([
      ParamModel.query(this.deps.db).select('key', 'value'),
      this.readTimeConfig(this.deps.db),
    ]);
    const values = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    setDefaultLang(values.get('defaultLanguage'));
    return { values, time };
  });

  constructor(private readonly deps: ParamsDeps) {}

  /** Writes the catalogue defaults for parameters that have no row yet; never overwrites a value. */
  async seedDefaults(): Promise<void> {
    this.snapshot.forget();
    const { db, clock } = this.deps;
    const existing = new Set((await ParamModel.query(db).select('key')).map((p) => p.key));
    const rows = PARAMS.filter((d) => !existing.has(d.key)).map((d) => ({
      key: d.key,
      value: JSON.stringify(d.default),
      remark: JSON.stringify(d.remark),
      group_name: d.group,
      updated_at: clock.now(),
    }));
    if (rows.length) await db('params').insert(rows);
    if (!(await TimeConfigModel.query(db).findById(1))) {
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
      const rows = await ParamModel.query(trx)
        .whereIn('key', keys as string[])
        .select('key', 'value');
      found = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    } else {
      found = (await this.snapshot.get()).values;
    }
    return Object.fromEntries(keys.map((k) => [k, found.has(k) ? found.get(k) : this.definition(k).default]));
  }

  /** The employee-number pattern as used (the whole number must match), or null when unset or unfit to run. */
  async usernoPattern(): Promise<RegExp | null> {
    const source = String((await this.get('usernoPattern')) ?? '').trim();
    if (this.pattern?.source !== source) this.pattern = { source, regex: this.compilePattern(source) };
    return this.pattern.regex;
  }

  /** Compiled once per text, so an unfit stored pattern is reported once, not on every user saved. */
  private pattern?: { source: string; regex: RegExp | null };

  private compilePattern(source: string): RegExp | null {
    if (!source) return null;
    const problem = patternProblem(source);
    if (!problem) return anchored(source);
    // Saved before such patterns were refused: running it could stall the server, so it is not followed until replaced.
    this.deps.logger.warn(
      { parameter: 'usernoPattern', problem },
      'the stored employee-number pattern is not used: it is invalid or could take very long to check',
    );
    return null;
  }

  async hasOption(flag: string): Promise<boolean> {
    const options = await this.get<string>('options');
    return options.split('|').includes(flag);
  }

  /** The parameters the actor may view (their group's view permission), optionally of one group or matching `q`. */
  async list(actor: Actor, filter: { group?: string; q?: string } = {}): Promise<ParamView[]> {
    const values = await this.getMany(PARAMS.map((d) => d.key));
    const q = filter.q?.toLowerCase();
    return PARAMS.filter(
      (d) =>
        mayView(actor, d.key) &&
        (!filter.group || d.group === filter.group) &&
        (!q || d.key.toLowerCase().includes(q) || Object.values(d.remark).some((r) => r.toLowerCase().includes(q))),
    ).map((d) => ({
      key: d.key,
      paramValue: values[d.key],
      group: d.group,
      remark: d.remark,
      editable: maySave(actor, d.key),
    }));
  }

  /** One parameter with its explanation: 404 when unknown, 403 when its group is not the actor's to view. */
  async view(actor: Actor, key: string): Promise<ParamView> {
    const d = this.definition(key);
    assertAllowed(actor, [key], 'view');
    return { key, paramValue: await this.get(key), group: d.group, remark: d.remark, editable: maySave(actor, key) };
  }

  /** The parameters anyone may read (the console needs them before sign-in). */
  async publicValues(): Promise<Record<string, unknown>> {
    return this.getMany(PARAMS.filter((d) => d.public).map((d) => d.key));
  }

  /**
   * Validates and writes several parameters at once: all of them, or none. Each needs its group's save
   * permission, and the rules between parameters are checked on the committed values inside the transaction.
   */
  async setMany(actor: Actor, changes: Record<string, unknown>): Promise<Record<string, unknown>> {
    const unknown = Object.keys(changes).filter((key) => !PARAM_BY_KEY.has(key));
    if (unknown.length)
      throw new ValidationError(
        unknown.map((key) => ({ field: key, message: t(actor.lang, 'settings.unknownParameter', { key }) })),
      );
    assertAllowed(actor, Object.keys(changes), 'save');
    throwBreaches(inputBreaches(changes), actor.lang);
    const parsed = Object.fromEntries(
      Object.entries(parseWith(CHANGE, changes, actor.lang)).filter(([, v]) => v !== undefined),
    );
    return this.afterWrite(
      this.deps.db.transaction(async (trx) => {
        const before = await this.getMany(
          PARAMS.map((d) => d.key),
          trx,
        );
        const after = { ...before, ...parsed };
        throwBreaches(crossBreaches(after), actor.lang);
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
    const row = await TimeConfigModel.query(trx).findById(1);
    if (!row) return DEFAULT_TIME_CONFIG;
    return {
      startTime: row.startTime,
      endTime: row.endTime,
      interval: row.interval as 15 | 30,
      maxDuration: row.maxDuration,
    };
  }

  async setTimeConfig(actor: Actor, input: TimeConfig): Promise<TimeConfig> {
    const value = z.parse(TimeConfig, input);
    return this.afterWrite(
      this.deps.db.transaction(async (trx) => {
        // Read through the transaction: SQLite has one connection, which the transaction holds.
        const before = await this.getTimeConfig(trx);
        await trx('time_config').where({ id: 1 }).update({
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
