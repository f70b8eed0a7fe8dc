import fs from 'node:fs';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import inquirer from 'inquirer';
import { resolveDbTarget } from '../../core/db/connection.ts';
import { BackupError } from '../../core/backup/archive.ts';
import { mysqlSnapshot, sqliteSnapshot, writeBackup, type Progress } from '../../core/backup/dump.ts';
import { currentSecretKey } from '../../core/backup/format.ts';
import { restoreBackup } from '../../core/backup/restore.ts';
import { fail, withContainer } from '../context.ts';

interface PassphraseOpts {
  passphraseFile?: string;
}

/**
 * The passphrase of an encrypted backup: from --passphrase-file, ATRIUM_BACKUP_PASSPHRASE, or a prompt on a
 * terminal. Never an argument (it would show in `ps` and the shell history).
 */
async function passphrase(opts: PassphraseOpts, confirm: boolean): Promise<string> {
  let text: string | undefined;
  if (opts.passphraseFile) {
    try {
      text = fs.readFileSync(opts.passphraseFile, 'utf8').replace(/\r?\n$/, '');
    } catch {
      fail(`cannot read the passphrase file ${opts.passphraseFile}`);
    }
  } else if (process.env.ATRIUM_BACKUP_PASSPHRASE) text = process.env.ATRIUM_BACKUP_PASSPHRASE;
  else if (process.stdin.isTTY && process.stderr.isTTY) {
    const ask = async (message: string) =>
      (await inquirer.prompt<{ p: string }>([{ type: 'password', name: 'p', message, mask: '*' }])).p;
    text = await ask('Passphrase of the backup:');
    if (confirm && (await ask('The same passphrase again:')) !== text) fail('the two passphrases differ');
  } else
    fail(
      'this needs the passphrase of the backup: give it with --passphrase-file FILE or the environment variable ATRIUM_BACKUP_PASSPHRASE',
    );
  if (!text) fail('the passphrase is empty');
  if (confirm && text.length < 8) fail('the passphrase must have at least 8 characters');
  return text;
}

/** A bar per phase on a terminal; nothing when the output goes to a file or a pipe (the summary line stays). */
function progressBars(): { onProgress: Progress; stop: () => void } {
  if (!process.stdout.isTTY || !process.stderr.isTTY) return { onProgress: () => undefined, stop: () => undefined };
  let active: { phase: string; bar: cliProgress.SingleBar } | null = null;
  const stop = () => {
    active?.bar.stop();
    active = null;
  };
  return {
    stop,
    onProgress: (phase, done, total) => {
      if (active?.phase !== phase) {
        stop();
        const bar = new cliProgress.SingleBar(
          { format: `${phase.padEnd(8)} [{bar}] {percentage}% | {value}/{total}`, hideCursor: true },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, 0);
        active = { phase, bar };
      }
      active!.bar.update(done);
    },
  };
}

const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/** Operator errors become one line and exit code 1; anything else goes to the top level. */
function failOn(err: unknown): never {
  if (err instanceof BackupError) fail(err.message);
  throw err;
}

export function backupCommand(program: Command): void {
  program
    .command('backup <file>')
    .description(
      'write a consistent backup of the database and the uploads to FILE while Atrium runs (docs/backup.md); without --include-secret-key it holds no key and is not encrypted',
    )
    .option('--include-secret-key', 'also store the secret key; the backup is then encrypted with a passphrase')
    .option('--passphrase-file <file>', 'read the passphrase from this file (or set ATRIUM_BACKUP_PASSPHRASE)')
    .option('--overwrite', 'replace FILE if it exists')
    .action((file: string, opts: PassphraseOpts & { includeSecretKey?: boolean; overwrite?: boolean }) =>
      withContainer(async (container) => {
        const { config, dialect } = container.cradle;
        if (fs.existsSync(file) && !opts.overwrite) fail(`${file} already exists (add --overwrite to replace it)`);
        if (!fs.existsSync(path.dirname(path.resolve(file)))) fail(`no such folder: ${path.dirname(file)}`);
        if (opts.passphraseFile && !opts.includeSecretKey)
          fail('--passphrase-file goes with --include-secret-key (only a backup holding the key is encrypted)');
        const secretKey = currentSecretKey(config);
        if (opts.includeSecretKey && !secretKey)
          fail('there is no secret key yet (ATRIUM_SECRET_KEY is empty and the data directory has no secret.key)');
        const pass = opts.includeSecretKey ? await passphrase(opts, true) : undefined;
        const bars = progressBars();
        try {
          const target = resolveDbTarget(config.databaseUrl, config.dataDir);
          const filename = (target.knexConfig.connection as { filename?: string }).filename;
          if (filename === ':memory:') fail('an in-memory database cannot be backed up');
          const snapshot =
            dialect === 'sqlite' ? await sqliteSnapshot(filename!) : await mysqlSnapshot(container.cradle.db);
          let summary;
          try {
            summary = await writeBackup({
              file,
              dialect,
              dataDir: config.dataDir,
              snapshot,
              secretKey,
              includeSecretKey: Boolean(opts.includeSecretKey),
              passphrase: pass,
              onProgress: bars.onProgress,
            });
          } finally {
            await snapshot.close();
          }
          bars.stop();
          for (const missing of summary.missingFiles)
            console.error(`atrium: warning: ${missing} is named in the database but missing from the data directory`);
          console.log(
            `Backup written to ${file}: ${summary.tables} tables, ${summary.rows} rows, ${summary.files} files (${megabytes(summary.fileBytes)}); ` +
              (summary.encrypted
                ? 'the secret key is in it, encrypted with the passphrase.'
                : 'no secret key in it (keep the secret key safe separately: stored secrets need it).'),
          );
        } catch (err) {
          bars.stop();
          failOn(err);
        }
      }),
    );

  program
    .command('restore <file>')
    .description(
      'restore a backup made by `atrium backup` into an empty database and the data directory (stop Atrium first)',
    )
    .option('--force', 'replace everything the target database holds')
    .option(
      '--passphrase-file <file>',
      'passphrase of an encrypted backup from this file (or ATRIUM_BACKUP_PASSPHRASE)',
    )
    .action((file: string, opts: PassphraseOpts & { force?: boolean }) =>
      withContainer(async (container) => {
        const { config, dialect } = container.cradle;
        const bars = progressBars();
        try {
          const r = await restoreBackup({
            file,
            db: () => container.cradle.db,
            dialect,
            config,
            force: Boolean(opts.force),
            passphrase: () => passphrase(opts, false),
            onProgress: bars.onProgress,
          });
          bars.stop();
          const m = r.manifest;
          console.log(
            `Restored ${file} (Atrium ${m.atriumVersion}, ${m.dialect}, taken ${m.createdAt}): ${m.tables.length} tables, ${r.rows} rows, ${r.files} files` +
              (r.secretKeyRestored ? '; the secret key was restored.' : '.'),
          );
          if (r.upgraded.length) console.log(`Then applied ${r.upgraded.length} newer migrations.`);
          if (r.keyWarning) console.error(`atrium: warning: ${r.keyWarning}`);
        } catch (err) {
          bars.stop();
          failOn(err);
        }
      }),
    );
}
