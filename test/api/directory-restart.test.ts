/**
 * A directory sync cut short (docs/product-rules.md R21.5), on SQLite and MariaDB: the run stops after a few people,
 * its holder dies with the lock held; once the lock lapses the next run finishes the work, and nobody is created or
 * linked twice.
 */
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { skipBecause } from '../helpers/requires.ts';
import { person, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startSlapd, SUFFIX, type Slapd } from '../helpers/slapd.ts';

const PEOPLE = 12;

if (!slapdAvailable()) {
  skipBecause(
    test,
    'directory sync restart against OpenLDAP',
    'slapd is not installed (apt-get install slapd ldap-utils)',
  );
} else {
  perDialect(test, (dialect, app) => {
    let slapd: Slapd | undefined;
    test.serial.before(async () => {
      slapd = await startSlapd(Array.from({ length: PEOPLE }, (_, i) => person(`restart-${i}`, 'x')));
      const token = await app().adminToken();
      const saved = await app().put(
        '/api/inte/settings/apps',
        {
          provider: 'ldap-directory',
          settings: { url: slapd.url, bindDn: ROOT_DN, bindPassword: ROOT_PASSWORD, searchBase: `ou=people,${SUFFIX}` },
        },
        { token },
      );
      if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    });
    test.after.always(async () => {
      await slapd?.stop();
    });

    test.serial(`${dialect}: a run cut short is finished by the next one, without duplicates`, async (t) => {
      const { directoryService, db } = app().cradle;
      const request = { dryRun: false, mode: 'full' as const, confirm: false };
      await t.throwsAsync(
        directoryService.run(null, request, (p) => {
          // The process dies after the fifth person.
          if (p.phase === 'applying' && p.done === 5) throw new Error('killed');
        }),
        { message: 'killed' },
      );
      const count = async () =>
        Number((await db('users').where('username', 'like', 'restart-%').count({ n: '*' }).first())!.n);
      t.is(await count(), 5);
      // As if the holder had died holding the lock: a run now is refused until it lapses.
      await db('directory_sync')
        .where({ id: 1 })
        .update({ holder: 'dead-process', held_until: app().clock.now() + 600_000 });
      await t.throwsAsync(directoryService.run(null, request), { message: /running/ });
      app().clock.advance(601_000);
      const next = await directoryService.run(null, request);
      t.like(next, { state: 'done', counts: { listed: PEOPLE, created: PEOPLE - 5, linked: 0 } });
      t.is(await count(), PEOPLE);
      const links = await db('user_identities').where({ source: 'ldap' }).count({ n: '*' }).first();
      t.is(Number(links!.n), PEOPLE);
      const last = await directoryService.run(null, request);
      t.like(last.counts, { created: 0, updated: 0, disabled: 0 });
    });

    test.serial(`${dialect}: the scheduler syncs only when directoryAutoSync is on`, async (t) => {
      const { db } = app().cradle;
      const runs = async () => Number((await db('directory_runs').count({ n: '*' }).first())!.n);
      const before = await runs();
      app().clock.advance(86_400_000);
      t.true(await app().running.scheduler!.runIfDue('directory.full'));
      t.is(await runs(), before, 'off by default: nothing runs');
      const token = await app().adminToken();
      t.is((await app().put('/api/sys/params', { directoryAutoSync: true }, { token })).status, 200);
      app().clock.advance(86_400_000);
      t.true(await app().running.scheduler!.runIfDue('directory.full'));
      const last = await db('directory_runs').orderBy('id', 'desc').first();
      t.like(last, { state: 'done', mode: 'full', started_by: null });
      t.is(await runs(), before + 1);
    });
  });
}
