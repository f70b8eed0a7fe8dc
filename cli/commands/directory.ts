import { userInfo } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { systemActor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import { LANGS, t, type Lang } from '../../core/i18n/index.ts';
import type { Progress } from '../../core/modules/directory/index.ts';
import { fail, ready, withContainer } from '../context.ts';

interface Opts {
  dryRun?: boolean;
  incremental?: boolean;
  confirm?: boolean;
  lang: string;
}

/**
 * `atrium directory sync`: one run of the directory sync (docs/product-rules.md R21) from the selected apps provider,
 * with a progress bar, then its counts. Exit code 0 when done, 2 when it stopped for confirmation (too many leavers:
 * run again with --confirm after checking), 1 when it failed.
 */
export function directoryCommand(program: Command): void {
  const directory = program.command('directory').description("sync people from the apps provider's directory");
  directory
    .command('sync')
    .description('create, update and disable accounts from the directory (nothing changes with --dry-run)')
    .option('--dry-run', 'list what would change, change nothing')
    .option('--incremental', 'only the changes since the last run (when the provider supports it)')
    .option('--confirm', 'go on although more than directoryMaxDisablePercent of the accounts would be disabled')
    .option('--lang <lang>', 'language of the messages: cn, en or ja', 'en')
    .action((opts: Opts) =>
      withContainer(async (container) => {
        if (!(LANGS as readonly string[]).includes(opts.lang)) fail(`--lang must be one of ${LANGS.join(', ')}`);
        const lang = opts.lang as Lang;
        await ready(container);
        const actor = { ...systemActor(lang), username: `cli:${userInfo().username}`, ip: 'cli' };
        const bar = new cliProgress.SingleBar(
          { format: '{phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: false },
          cliProgress.Presets.shades_classic,
        );
        let phase: Progress['phase'] | null = null;
        const onProgress = (p: Progress) => {
          // Listing has no known end: a running count; applying shows the bar.
          if (p.phase === 'listing') {
            if (process.stderr.isTTY) process.stderr.write(`\rlisting: ${p.done} people`);
            return;
          }
          if (phase !== 'applying') {
            if (process.stderr.isTTY) process.stderr.write('\n');
            phase = 'applying';
            bar.start(p.total ?? 0, 0, { phase: 'applying' });
          }
          bar.update(p.done);
        };
        try {
          const run = await container.cradle.directoryService.run(
            actor,
            {
              dryRun: Boolean(opts.dryRun),
              mode: opts.incremental ? 'incremental' : 'full',
              confirm: Boolean(opts.confirm),
            },
            onProgress,
          );
          if (phase) bar.stop();
          const c = run.counts;
          console.log(
            `${run.dryRun ? 'Dry run' : 'Run'} ${run.id} (${run.mode}, ${run.provider}): ${run.state}. ` +
              `listed ${c.listed}, created ${c.created}, linked ${c.linked}, updated ${c.updated}, ` +
              `disabled ${c.disabled}, skipped ${c.skipped}, bookings cancelled ${c.bookingsCancelled}`,
          );
          for (const line of run.report.filter((l) => l.action !== 'update' || run.dryRun).slice(0, 50))
            console.log(`  ${line.action.padEnd(8)} ${line.username}${line.reason ? ` (${line.reason})` : ''}`);
          if (run.state === 'failed') fail(run.error ?? 'the directory sync failed');
          if (run.state === 'needsConfirmation') {
            console.log(
              'Stopped: more accounts would be disabled than directoryMaxDisablePercent allows. Check the list, then run again with --confirm.',
            );
            process.exitCode = 2;
          }
        } catch (err) {
          if (phase) bar.stop();
          if (err instanceof AppError) fail(t(lang, err.key, err.params));
          throw err;
        }
      }),
    );
}
