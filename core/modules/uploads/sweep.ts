/**
 * Removes uploaded files that nothing has used for a day. A picture is uploaded
 * first and attached when its form is saved, so a young unused file is kept; one
 * that was in use is kept for a day after a sweep first finds it unused.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';

/** Every column that holds an upload id. A new one must be added here, or its files are swept away. */
export const UPLOAD_REFERENCES: ReadonlyArray<readonly [table: string, column: string]> = [
  ['resource_images', 'upload_id'],
  ['resource_icons', 'upload_id'],
  ['floors', 'plan_upload_id'],
  ['floors', 'pad_icon_upload_id'],
  ['floors', 'grid_icon_upload_id'],
  ['dashboard_panels', 'logo_upload_id'],
];

export const UNUSED_GRACE_MS = 24 * 3_600_000;

export class UploadsSweep {
  constructor(private readonly deps: { db: Knex; config: Config; logger: Logger }) {}

  /** Marks what is in use and what is not, then deletes the files unused for the grace period; answers how many. */
  async run(now: number): Promise<number> {
    const { db } = this.deps;
    await this.whereUsed(db('uploads').whereNotNull('unused_since'), true).update({ unused_since: null });
    await this.whereUsed(db('uploads').whereNull('unused_since'), false).update({ unused_since: now });
    const due = (await this.whereUsed(db('uploads').where('unused_since', '<=', now - UNUSED_GRACE_MS), false).select(
      'id',
      'path',
    )) as Array<{ id: string; path: string }>;
    let removed = 0;
    for (const row of due) if (await this.remove(row)) removed++;
    if (removed) this.deps.logger.info({ removed }, 'unused uploads removed');
    return removed;
  }

  private whereUsed(q: Knex.QueryBuilder, used: boolean): Knex.QueryBuilder {
    return q.where((w) => {
      for (const [table, column] of UPLOAD_REFERENCES) {
        const ids = this.deps.db(table).whereNotNull(column).select(column);
        if (used) w.orWhereIn('id', ids);
        else w.whereNotIn('id', ids);
      }
    });
  }

  /** Deletes the row, then the file. The foreign keys refuse the delete if something took the file up meanwhile. */
  private async remove({ id, path: relative }: { id: string; path: string }): Promise<boolean> {
    const file = path.resolve(this.deps.config.dataDir, relative);
    try {
      await this.deps.db('uploads').where({ id }).delete();
    } catch (err) {
      if (isForeignKeyViolation(err)) return false;
      throw err;
    }
    if (file.startsWith(this.deps.config.dataDir + path.sep)) await fsp.rm(file, { force: true });
    return true;
  }
}
