import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { outboxRows, recordChange, runJob, saveNotify } from '../helpers/notify.ts';
import { createUser } from '../helpers/users.ts';

// A vendor's plugins, in folders outside plugins/: one imports the SDK by path,
// one takes it from the host (importing nothing of Atrium), one is broken.
const vendorRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-vendor-'));
const sdk = pathToFileURL(path.resolve('core/plugin-sdk/index.ts')).href;
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(vendorRoot, rel)), { recursive: true });
  fs.writeFileSync(path.join(vendorRoot, rel), text);
};
write(
  'acme-pager/index.ts',
  `import { definePlugin, z } from '${sdk}';
export default definePlugin({
  id: 'acme-pager', kind: 'notify', names: { cn: '寻呼', en: 'Acme pager', ja: 'ポケベル' },
  settings: z.object({ channel: z.string().min(2) }),
  create(ctx) {
    return { async send(m) { await ctx.kv.set('last', { channel: ctx.settings.channel, subject: m.subject, to: m.to.map((r) => r.username) }); } };
  },
});
`,
);
write(
  'more/acme-switch/index.ts',
  `export default (sdk) => sdk.definePlugin({
  id: 'acme-switch', kind: 'switch', names: { cn: '开关', en: 'Acme switch', ja: 'スイッチ' },
  settings: sdk.z.object({}),
  create: () => ({ listDevices: async () => [{ id: 'sw1', name: 'Lights' }], setState: async () => undefined }),
});
`,
);
write('more/acme-broken/index.ts', `export default { id: 'Acme Broken', kind: 'teleport' };\n`);
test.after.always(() => fs.rmSync(vendorRoot, { recursive: true, force: true }));

perDialect(
  test,
  (dialect, app) => {
    test.serial(
      `${dialect}: plugins from config.pluginPaths are listed, a broken one is reported without stopping the server`,
      async (t) => {
        const admin = await app().adminToken();
        const kinds = await app().get<{
          data: {
            kinds: Array<{ kind: string; providers: Array<{ id: string }> }>;
            loadErrors: Array<{ source: string; error: string }>;
          };
        }>('/api/inte/kinds', { token: admin });
        const ids = (kind: string) => kinds.body.data.kinds.find((k) => k.kind === kind)!.providers.map((p) => p.id);
        t.true(ids('notify').includes('acme-pager'));
        // The bundled providers, then the vendor's.
        t.deepEqual(ids('switch'), ['none', 'mqtt-switch', 'shelly-switch', 'webhook-switch', 'acme-switch']);
        t.deepEqual(ids('eink'), ['none', 'eink-openepaperlink']);
        t.is(kinds.body.data.loadErrors.length, 1);
        t.regex(kinds.body.data.loadErrors[0]!.source, /acme-broken/);
        t.regex(kinds.body.data.loadErrors[0]!.error, /id "Acme Broken"/);
      },
    );

    test.serial(`${dialect}: a vendor's notify provider is selected and delivers`, async (t) => {
      const admin = await app().adminToken();
      const bad = await app().put(
        '/api/inte/settings/notify',
        { provider: 'acme-pager', settings: { channel: 'x' } },
        { token: admin },
      );
      t.deepEqual(
        bad.body.errors!.map((e) => e.field),
        ['settings.channel'],
      );
      await saveNotify(app(), admin, 'acme-pager', { channel: 'ops' });
      const userId = await createUser(app(), 'vendor-user');
      await recordChange(app(), 'user.released', { userId });
      await runJob(app(), 'integrations.outbox');
      t.is((await outboxRows(app())).slice(-1)[0]!.state, 'done');
      const last = await app().cradle.db('plugin_kv').where({ plugin: 'acme-pager', key: 'last' }).first();
      t.deepEqual(JSON.parse(last.value), { channel: 'ops', subject: '您已解除黑名单', to: ['vendor-user'] });
      t.is(
        await app()
          .cradle.pluginHost.call('switch', 'listDevices', (p) => p.listDevices())
          .catch((e: Error) => e.message),
        'switch: no provider is selected',
      );
      await app().put('/api/inte/settings/switch', { provider: 'acme-switch', settings: {} }, { token: admin });
      t.deepEqual(await app().cradle.pluginHost.call('switch', 'listDevices', (p) => p.listDevices()), [
        { id: 'sw1', name: 'Lights' },
      ]);
    });

    test.serial(`${dialect}: code generation offers a plugin's files to the console`, async (t) => {
      const admin = await app().adminToken();
      const res = await app().get<{ data: { files: Array<{ path: string; content: string }> } }>(
        '/api/sys/setting/code/plugin?kind=esl&id=acme-ink',
        { token: admin },
      );
      t.deepEqual(
        res.body.data.files.map((f) => f.path),
        ['acme-ink/index.ts', 'acme-ink/acme-ink.test.ts'],
      );
      t.regex(res.body.data.files[0]!.content, /kind: 'eink'/);
      t.is((await app().get('/api/sys/setting/code/plugin?kind=esl&id=Nope', { token: admin })).status, 400);
    });
  },
  { config: { pluginPaths: `${path.join(vendorRoot, 'acme-pager')}, ${path.join(vendorRoot, 'more')}` } },
);
