import fs from 'node:fs';
import path from 'node:path';
import { userInfo } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { systemActor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import { LANGS, t, type Lang } from '../../core/i18n/index.ts';
import { fail, ready, withContainer } from '../context.ts';

type Opts = { lang: string };

function langOf(value: string): Lang {
  if (!(LANGS as readonly string[]).includes(value)) fail(`--lang must be one of ${LANGS.join(', ')}`);
  return value as Lang;
}

/** The CLI acts as the system (a system administrator), named after the operator in the operation log. */
const operator = (lang: Lang) => ({ ...systemActor(lang), username: `cli:${userInfo().username}`, ip: 'cli' });

function bar(label: string): cliProgress.SingleBar {
  return new cliProgress.SingleBar(
    { format: `${label.padEnd(8)} [{bar}] {percentage}% | {value}/{total}`, hideCursor: true, clearOnComplete: false },
    cliProgress.Presets.shades_classic,
  );
}

/** Prints an AppError in the chosen language (with the per-row details of a refused file) and exits 1. */
function failWith(err: unknown, lang: Lang): never {
  if (!(err instanceof AppError)) throw err;
  const failed = (err.details.failed ?? []) as Array<{ row: number; field: string; message: string }>;
  for (const f of failed) console.error(`  row ${f.row}, ${f.field}: ${f.message}`);
  fail(t(lang, err.key, err.params));
}

export function usersCommand(program: Command): void {
  const users = program.command('users').description('import and export users (xlsx, the same format as the console)');

  users
    .command('import <file>')
    .description(
      'import users from an xlsx workbook; rows with errors are listed and skipped (exit code 2 when some rows were refused)',
    )
    .option('--lang <lang>', 'language of the messages: cn, en or ja', 'en')
    .action((file: string, opts: Opts) =>
      withContainer(async (container) => {
        const lang = langOf(opts.lang);
        if (!fs.existsSync(file)) fail(`no such file: ${file}`);
        await ready(container);
        const progress = { check: bar('checking'), write: bar('writing') };
        let active: cliProgress.SingleBar | null = null;
        try {
          const report = await container.cradle.userImportService.importFile(
            operator(lang),
            { path: file, originalName: path.basename(file) },
            (phase, done, total) => {
              const b = progress[phase];
              if (active !== b) {
                active?.stop();
                active = b;
                b.start(total, 0);
              }
              b.update(done);
            },
          );
          (active as cliProgress.SingleBar | null)?.stop();
          console.log(`Imported ${report.imported} users.`);
          if (report.failed.length) {
            console.log(`${new Set(report.failed.map((f) => f.row)).size} rows refused:`);
            for (const f of report.failed) console.log(`  row ${f.row}, ${f.field}: ${f.message}`);
            process.exitCode = 2;
          }
        } catch (err) {
          (active as cliProgress.SingleBar | null)?.stop();
          failWith(err, lang);
        }
      }),
    );

  users
    .command('export <file>')
    .description('export users to an xlsx workbook (without passwords)')
    .option('-q, --query <text>', 'only users whose username, name, employee number, e-mail or phone contains this')
    .option('--status <status>', 'only normal (1) or disabled (0) users')
    .option('--lang <lang>', 'language of the column titles: cn, en or ja', 'en')
    .action((file: string, opts: Opts & { query?: string; status?: string }) =>
      withContainer(async (container) => {
        const lang = langOf(opts.lang);
        if (opts.status !== undefined && opts.status !== '0' && opts.status !== '1') fail('--status must be 0 or 1');
        await ready(container);
        const b = bar('export');
        let started = false;
        try {
          const bytes = await container.cradle.userImportService.exportFile(
            operator(lang),
            { q: opts.query, status: opts.status === undefined ? undefined : Number(opts.status) },
            (done, total) => {
              if (!started) {
                b.start(total, 0);
                started = true;
              }
              b.update(done);
            },
          );
          if (started) b.stop();
          fs.writeFileSync(file, bytes);
          console.log(`Exported to ${file}.`);
        } catch (err) {
          if (started) b.stop();
          failWith(err, lang);
        }
      }),
    );
}
