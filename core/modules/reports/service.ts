/**
 * Statistics reports: a request is checked (range, size), recorded, and written
 * to an xlsx file in the background; only its creator and report administrators
 * (`room:report:export`) may download it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import { can, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BusinessRuleError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { generatePending, type GeneratorDeps } from './generator.ts';
import { bookingsReport } from './kinds/bookings.ts';
import { chargesReport } from './kinds/charges.ts';
import type { ReportKind } from './kinds/kind.ts';
import { noShowsReport } from './kinds/no-shows.ts';
import { utilisationReport } from './kinds/utilisation.ts';
import { ReportModel } from './model.ts';
import type { ReportList, ReportRequest, ReportView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface ReportsDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  logger: Logger;
  paramsService: Cradle['paramsService'];
  dashboardService: Cradle['dashboardService'];
  operationLog: Cradle['operationLog'];
}

/** A report with its creator's real name (joined from users). */
class ReportWithCreator extends ReportModel {
  creator!: string | null;
}

export class ReportsService {
  readonly kinds: Map<string, ReportKind>;
  private running?: Promise<number>;

  constructor(private readonly deps: ReportsDeps) {
    this.kinds = new Map(
      [bookingsReport, utilisationReport(deps.dashboardService), noShowsReport, chargesReport].map((k) => [k.type, k]),
    );
  }

  private get reportsDir(): string {
    return path.join(this.deps.config.dataDir, 'reports');
  }

  private generatorDeps(): GeneratorDeps {
    const { db, clock, logger, paramsService } = this.deps;
    return {
      db,
      clock,
      logger,
      reportsDir: this.reportsDir,
      kinds: this.kinds,
      rowLimit: () => paramsService.get<number>('reportRowLimit'),
    };
  }

  private toView(r: ReportWithCreator): ReportView {
    return {
      id: r.id,
      type: r.type,
      creatorId: r.creatorId,
      creator: r.creator ?? null,
      locationId: r.locationId || null,
      department: r.departmentPath ?? null,
      from: r.fromDate,
      to: r.toDate,
      status: r.status as ReportView['status'],
      rowCount: r.rowCount ?? null,
      error: r.error ?? null,
      createdAt: r.createdAt,
      finishedAt: r.finishedAt || null,
      downloadUrl: r.status === 'done' ? `${this.deps.config.apiPrefix}/room/reports/${r.id}/download` : null,
    };
  }

  /** Refuses empty and oversized reports at once, so nobody waits for a file that will not come. */
  async request(actor: Actor, input: ReportRequest): Promise<ReportView> {
    const { db, clock, paramsService } = this.deps;
    if (input.from === input.to) throw new BusinessRuleError('report.sameDay');
    const kind = this.kinds.get(input.type)!;
    const filter = {
      from: input.from,
      to: input.to,
      locationId: input.locationId ?? null,
      department: input.department || null,
    };
    const count = await kind.count(db, filter);
    if (count === 0) throw new BusinessRuleError('report.noData');
    const limit = await paramsService.get<number>('reportRowLimit');
    if (count > limit) throw new BusinessRuleError('report.tooMuch', { limit, count });
    const id = await db.transaction(async (trx) => {
      const [newId] = await trx('reports').insert({
        type: input.type,
        creator_id: actor.userId,
        location_id: filter.locationId,
        department_path: filter.department,
        from_date: input.from,
        to_date: input.to,
        status: 'pending',
        lang: actor.lang,
        created_at: clock.now(),
      });
      await this.deps.operationLog.record(trx, actor, {
        action: 'room.report.request',
        target: Number(newId),
        after: input,
      });
      return Number(newId);
    });
    this.kick();
    return this.get(actor, id);
  }

  /** Starts writing pending reports in this process now, rather than at the next scheduler tick. */
  kick(): void {
    this.running ??= generatePending(this.generatorDeps())
      .catch((err: unknown) => {
        this.deps.logger.error({ err }, 'report worker failed');
        return 0;
      })
      .finally(() => (this.running = undefined));
  }

  /** Waits for this process's report writing to finish (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  async runPending(): Promise<number> {
    return generatePending(this.generatorDeps());
  }

  /** Reports with their creator's name (the reports module is a read model: it may join users). */
  private query() {
    return ReportModel.query(this.deps.db)
      .alias('r')
      .leftJoin('users as u', 'u.id', 'r.creator_id')
      .select('r.*', 'u.real_name as creator')
      .castTo(ReportWithCreator);
  }

  async list(actor: Actor, q: ReportList): Promise<Page<ReportView>> {
    const query = this.query().orderBy('r.id', 'desc');
    if (!can(actor, 'reports.seeAll')) query.where('r.creator_id', actor.userId);
    if (q.status) query.where('r.status', q.status);
    if (q.type) query.where('r.type', q.type);
    return paginateModels(query, q, (r) => this.toView(r));
  }

  private async row(actor: Actor, id: number): Promise<ReportWithCreator> {
    const row = await this.query().where('r.id', id).first();
    if (!row) throw new NotFoundError('report', id);
    if (row.creatorId !== actor.userId && !can(actor, 'reports.seeAll')) throw new ForbiddenError();
    return row;
  }

  async get(actor: Actor, id: number): Promise<ReportView> {
    return this.toView(await this.row(actor, id));
  }

  async download(actor: Actor, id: number): Promise<{ file: string; filename: string }> {
    const row = await this.row(actor, id);
    if (row.status !== 'done' || !row.filePath) throw new BusinessRuleError('report.notReady');
    const file = path.join(this.deps.config.dataDir, row.filePath);
    if (!fs.existsSync(file)) throw new NotFoundError('report file', id);
    return { file, filename: `atrium-${row.type}-${row.fromDate}-${row.toDate}.xlsx` };
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const row = await this.row(actor, id);
    await this.deps.db.transaction(async (trx) => {
      await trx('reports').where({ id }).del();
      await this.deps.operationLog.record(trx, actor, {
        action: 'room.report.delete',
        target: id,
        before: { type: row.type, from: row.fromDate, to: row.toDate },
      });
    });
    if (row.filePath) fs.rmSync(path.join(this.deps.config.dataDir, row.filePath), { force: true });
  }
}
