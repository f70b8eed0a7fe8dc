/**
 * `atrium directory sync` against a real OpenLDAP (docs/product-rules.md R21): the dry run prints the counts and
 * changes nothing, the run creates the people, and a run with no directory provider fails with exit code 1.
 */
import test from 'ava';
import { loadConfig } from '../../config/default.ts';
import { prepare } from '../../core/bootstrap.ts';
import { buildContainer, makeLogger } from '../../core/container.ts';
import { runCli, tempDataDir } from '../helpers/cli.ts';
import { skipBecause } from '../helpers/requires.ts';
import { person, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startSlapd, SUFFIX, type Slapd } from '../helpers/slapd.ts';

const data = tempDataDir();
let slapd: Slapd | undefined;
test.after.always(async () => {
  await slapd?.stop();
  data.remove();
});

/** Changes the installation the CLI will open, as the console would. */
async function withInstallation(fn: (c: ReturnType<typeof buildContainer>['cradle']) => Promise<void>) {
  const container = buildContainer(loadConfig({ ...process.env, ...data.env }), { logger: makeLogger('silent') });
  try {
    await prepare(container);
    await fn(container.cradle);
  } finally {
    await container.dispose();
  }
}

test.serial('directory sync without a directory provider fails with exit code 1', async (t) => {
  const r = await runCli(['directory', 'sync'], data.env, 120_000);
  t.is(r.code, 1);
  t.regex(r.stderr, /cannot list people/);
});

if (!slapdAvailable()) {
  skipBecause(
    test,
    'atrium directory sync against OpenLDAP',
    'slapd is not installed (apt-get install slapd ldap-utils)',
  );
} else {
  test.serial('directory sync --dry-run counts, then the run creates the people', async (t) => {
    slapd = await startSlapd([person('cli-ann', 'x'), person('cli-ben', 'x'), person('cli-cat', 'x')]);
    await withInstallation(async (c) => {
      // Stored as the console stores it, without starting the provider in this process.
      const settings = {
        url: slapd!.url,
        bindDn: ROOT_DN,
        bindPassword: ROOT_PASSWORD,
        searchBase: `ou=people,${SUFFIX}`,
      };
      await c.db.transaction((trx) =>
        c.pluginHost.store.write(trx, 'apps', 'ldap-directory', settings, ['bindPassword'], 0),
      );
    });
    const dry = await runCli(['directory', 'sync', '--dry-run'], data.env, 120_000);
    t.is(dry.code, 0, dry.stderr);
    t.regex(dry.stdout, /Dry run \d+ \(full, ldap-directory\): done\. listed 3, created 3/);
    t.regex(dry.stdout, /create\s+cli-ann/);
    const run = await runCli(['directory', 'sync'], data.env, 120_000);
    t.is(run.code, 0, run.stderr);
    t.regex(run.stdout, /Run \d+ \(full, ldap-directory\): done\. listed 3, created 3/);
    await withInstallation(async (c) => {
      t.truthy(await c.usersService.findByUsername('cli-ben'));
    });
    const again = await runCli(['directory', 'sync', '--incremental', '--lang', 'cn'], data.env, 120_000);
    t.is(again.code, 0, again.stderr);
    t.regex(again.stdout, /\(incremental, ldap-directory\): done\. listed 0, created 0/);
  });
}
