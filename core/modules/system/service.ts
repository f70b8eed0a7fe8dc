/** Health of the running server, and the console's error reports. */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Dialect } from '../../db/connection.ts';
import { ForbiddenError } from '../../errors.ts';
import { VERSION } from '../../version.ts';
import { scrub } from '../logs/index.ts';
import type { Cradle } from '../../cradle.ts';

export class SystemService {
  constructor(
    private readonly deps: { db: Knex; dialect: Dialect; logger: Logger; paramsService: Cradle['paramsService'] },
  ) {}

  async health(): Promise<{
    status: 'ok' | 'down';
    version: string;
    database: { dialect: Dialect; reachable: boolean; latencyMs?: number };
  }> {
    const started = performance.now();
    try {
      await this.deps.db.raw('select 1');
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      return { status: 'ok', version: VERSION, database: { dialect: this.deps.dialect, reachable: true, latencyMs } };
    } catch (err) {
      this.deps.logger.error({ err }, 'health check: database unreachable');
      return { status: 'down', version: VERSION, database: { dialect: this.deps.dialect, reachable: false } };
    }
  }

  /** Writes a console error report to the server log, only while that logging is switched on. */
  async clientLog(entry: Record<string, unknown>, meta: { ip: string; userId?: number }): Promise<void> {
    if (!(await this.deps.paramsService.get<boolean>('clientLogEnabled')))
      throw new ForbiddenError('common.clientLogOff');
    this.deps.logger.warn({ client: scrub(entry), ip: meta.ip, user: meta.userId }, 'client error report');
  }
}
