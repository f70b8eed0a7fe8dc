/**
 * Writes report files in the background. A pending report is claimed with an
 * atomic status change, so with several processes each report is written once.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Lang } from '../../i18n/index.ts';
import type { ReportKind } from './kinds/kind.ts';

export interface GeneratorDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  reportsDir: string;
  kinds: Map<string, ReportKind>;
  rowLimit: () => Promise<number>;
}

export async function writeWorkbook(
  file: string,
  kind: ReportKind,
  rows: Array<Record<string, unknown>>,
  lang: Lang,
): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Atrium';
  const sheet = workbook.addWorksheet(kind.title[lang].slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = kind.columns.map((c) => ({ header: c.header[lang], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  const tmp = `${file}.part`;
  await workbook.xlsx.writeFile(tmp);
  // Reports hold people's bookings: readable by Atrium's own account only, like everything in the data directory.
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);
}

/** Claims and writes every pending report; returns how many it wrote. */
export async function generatePending(deps: GeneratorDeps): Promise<number> {
  const { db, clock, logger } = deps;
  let written = 0;
  for (;;) {
    const next = await db('reports').where({ status: 'pending' }).orderBy('id').first();
    if (!next) return written;
    const claimed = await db('reports').where({ id: next.id, status: 'pending' }).update({ status: 'running' });
    if (claimed === 0) continue;
    const kind = deps.kinds.get(String(next.type));
    try {
      if (!kind) throw new Error(`unknown report type ${String(next.type)}`);
      const filter = {
        from: String(next.from_date),
        to: String(next.to_date),
        locationId: next.location_id ? Number(next.location_id) : null,
        department: next.department_path ? String(next.department_path) : null,
      };
      const rows = await kind.rows(db, filter, (next.lang as Lang) ?? 'cn');
      const limit = await deps.rowLimit();
      if (rows.length === 0 || rows.length > limit) {
        await db('reports')
          .where({ id: next.id })
          .update({
            status: rows.length === 0 ? 'empty' : 'tooLarge',
            row_count: rows.length,
            finished_at: clock.now(),
          });
        continue;
      }
      const file = path.join(deps.reportsDir, `${Number(next.id)}.xlsx`);
      await writeWorkbook(file, kind, rows, (next.lang as Lang) ?? 'cn');
      await db('reports')
        .where({ id: next.id })
        .update({
          status: 'done',
          row_count: rows.length,
          file_path: path.relative(path.dirname(deps.reportsDir), file),
          finished_at: clock.now(),
        });
      written++;
    } catch (err) {
      logger.error({ err, report: next.id }, 'report generation failed');
      await db('reports')
        .where({ id: next.id })
        .update({ status: 'failed', error: String((err as Error).message).slice(0, 500), finished_at: clock.now() });
    }
  }
}
