/**
 * Directory sync (docs/product-rules.md R21) from a real OpenLDAP (Debian's slapd, seeded with slapadd): a full run
 * of 10,000 people into an empty installation (goal ≤ 60 s), a second full run with nothing to change, then 100
 * people changed in the directory over LDAP and an incremental run (goal ≤ 2 s). Runs go through
 * `POST /inte/app/directory/sync` as the console starts them. Nothing is asserted. SQLite, or MariaDB with
 * ATRIUM_BENCH_MYSQL_URL; ATRIUM_BENCH_DIRECTORY_PEOPLE changes the size.
 */
import { Attribute, Change, Client } from 'ldapts';
import { person, ROOT_DN, ROOT_PASSWORD, slapdAvailable, startSlapd, SUFFIX } from '../test/helpers/slapd.ts';
import { startBenchApp } from './app.ts';

export const title = 'Directory sync: 10,000 people from OpenLDAP, then 100 changes incrementally';

const PEOPLE = Number(process.env.ATRIUM_BENCH_DIRECTORY_PEOPLE ?? 10_000);
const CHANGES = 100;

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export async function run(): Promise<Record<string, unknown>> {
  if (!slapdAvailable()) return { skipped: 'slapd is not installed (apt-get install slapd ldap-utils)' };
  const entries = Array.from({ length: PEOPLE }, (_, i) =>
    person(`bench-${i}`, 'x', { cn: `Bench Person ${i}`, employeeNumber: `B-${i}`, telephoneNumber: `+1 555 ${i}` }),
  );
  const seeded = performance.now();
  const slapd = await startSlapd(entries);
  const seedMs = performance.now() - seeded;
  const app = await startBenchApp();
  try {
    const token = await app.adminToken();
    const saved = await app.put(
      '/api/inte/settings/apps',
      {
        provider: 'ldap-directory',
        settings: { url: slapd.url, bindDn: ROOT_DN, bindPassword: ROOT_PASSWORD, searchBase: `ou=people,${SUFFIX}` },
      },
      { token },
    );
    if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
    const sync = async (body: Record<string, unknown>) => {
      const t0 = performance.now();
      const res = await fetch(`${app.url}/api/inte/app/directory/sync`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/json', i18n: 'en' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30 * 60_000),
      });
      const answer = (await res.json()) as { data: { state: string; counts: Record<string, number> } };
      if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
      return { ms: performance.now() - t0, ...answer.data };
    };
    const dry = await sync({ dryRun: true });
    const full = await sync({});
    const again = await sync({});
    const client = new Client({ url: slapd.url });
    await client.bind(ROOT_DN, ROOT_PASSWORD);
    // modifyTimestamp has whole seconds: changes made in the second the last run began would be read again anyway.
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < CHANGES; i++)
      await client.modify(`uid=bench-${i * Math.floor(PEOPLE / CHANGES)},ou=people,${SUFFIX}`, [
        new Change({
          operation: 'replace',
          modification: new Attribute({ type: 'mail', values: [`changed-${i}@example.org`] }),
        }),
      ]);
    await client.unbind();
    const increment = await sync({ mode: 'incremental' });
    return {
      dialect: app.dialect,
      people: PEOPLE,
      'slapd seeded with slapadd and started (s)': seconds(seedMs),
      'dry run: listed, to create, time (s)': `${dry.counts.listed}, ${dry.counts.created}, ${seconds(dry.ms)}`,
      'full run into an empty installation: created, time (s; goal ≤ 60)': `${full.counts.created}, ${seconds(full.ms)}`,
      'full run with nothing to change (s)': seconds(again.ms),
      [`incremental run after ${CHANGES} changes: listed, updated, time (s; goal ≤ 2)`]: `${increment.counts.listed}, ${increment.counts.updated}, ${seconds(increment.ms)}`,
    };
  } finally {
    await app.stop();
    await slapd.stop();
  }
}
