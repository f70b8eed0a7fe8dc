/**
 * The files of a new provider plugin (`atrium plugin new KIND ID`, and the
 * console's code-generation screen): an index.ts with definePlugin and a stub
 * of every method its kind requires, and a test that runs with
 * `node --import tsx --test` anywhere, using the SDK's test context.
 */
import { PLUGIN_KINDS, KIND_SCREEN, type PluginKind } from '../plugin-sdk/index.ts';

const STUBS: Record<PluginKind, { methods: string; smoke: string }> = {
  notify: {
    methods: `    async send(message: NotifyMessage) {
      // Deliver message.subject / message.text (or html) to message.to and message.cc; throw to be retried.
      ctx.logger.info({ event: message.event, to: message.to.length }, 'would send');
    },`,
    smoke: `  await provider.send({ id: '1', event: 'booking.created', lang: 'en', to: [{ name: 'Ann', email: 'ann@example.org' }], cc: [], subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' });`,
  },
  calendar: {
    methods: `    async upsertEvent(booking: BookingSnapshot) {
      return { externalId: \`event-\${booking.id}\` };
    },
    async cancelEvent() {},`,
    smoke: `  assert.equal(typeof provider.upsertEvent, 'function');`,
  },
  environment: {
    methods: `    async listDevices() {
      return [];
    },
    async readings() {
      return [];
    },`,
    smoke: `  assert.deepEqual(await provider.listDevices(), []);`,
  },
  occupancy: {
    methods: `    async listDevices() {
      return [];
    },
    async states(deviceIds: string[]) {
      return deviceIds.map((deviceId) => ({ deviceId, state: 2 as const, at: ctx.clock.now() }));
    },`,
    smoke: `  assert.equal((await provider.states(['a']))[0]?.state, 2);`,
  },
  face: {
    methods: `    async enrol() {},\n    async remove() {},`,
    smoke: `  assert.equal(typeof provider.enrol, 'function');`,
  },
  eink: { methods: `    async update() {},`, smoke: `  assert.equal(typeof provider.update, 'function');` },
  access: {
    methods: `    async grant() {},\n    async revoke() {},`,
    smoke: `  assert.equal(typeof provider.grant, 'function');`,
  },
  apps: {
    methods: `    async listUsers() {
      return { users: [] };
    },`,
    smoke: `  assert.deepEqual(await provider.listUsers!({}), { users: [] });`,
  },
  switch: {
    methods: `    async listDevices() {
      return [];
    },
    async setState() {},`,
    smoke: `  assert.deepEqual(await provider.listDevices(), []);`,
  },
};

/** `fr` → face, `event` → calendar, ...: the console's screen names are accepted too. */
export function kindFromName(name: string): PluginKind | undefined {
  return PLUGIN_KINDS.find((k) => k === name || KIND_SCREEN[k] === name);
}

export const PLUGIN_ID = /^[a-z0-9][a-z0-9-]{1,62}$/;

const title = (id: string) =>
  id
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

export function scaffoldFiles(
  kind: PluginKind,
  id: string,
  sdkImport: string,
): Array<{ path: string; content: string }> {
  if (!PLUGIN_ID.test(id) || id === 'none')
    throw new Error(`plugin id "${id}" must be lower-case letters, digits and dashes`);
  const stub = STUBS[kind];
  const types = kind === 'notify' ? ', type NotifyMessage' : kind === 'calendar' ? ', type BookingSnapshot' : '';
  const index = `/**
 * ${title(id)}: a ${kind} provider for Atrium. See docs/plugins.md for the
 * contract: when each method is called, how often, and what it may throw.
 */
import { definePlugin, z${types} } from '${sdkImport}';

export const Settings = z.object({
  url: z.url().describe('address of the vendor API'),
  token: z.string().min(1).describe('API token (a secret: encrypted at rest, never shown again)'),
});

export default definePlugin({
  id: '${id}',
  kind: '${kind}',
  names: { cn: '${title(id)}', en: '${title(id)}', ja: '${title(id)}' },
  settings: Settings,
  secrets: ['token'],
  // Where the token goes: changing it makes the console ask for the token again.
  endpoints: ['url'],
  create(ctx) {
    return {
${stub.methods}
      async health() {
        // One cheap call to the vendor with ctx.http, e.g. await ctx.http.json(\`\${ctx.settings.url}/ping\`).
        return { ok: true, detail: 'not checked yet' };
      },
    };
  },
});
`;
  const test = `/** Runs with: node --import tsx --test ${id}.test.ts */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestContext } from '${sdkImport}';
import plugin, { Settings } from './index.ts';

test('${id} starts from valid settings and answers', async () => {
  const settings = Settings.parse({ url: 'https://vendor.example/api', token: 't0ken' });
  const provider = await plugin.create(createTestContext(settings, { pluginId: '${id}', kind: '${kind}' }));
  assert.equal((await provider.health!()).ok, true);
${stub.smoke}
});

test('${id} refuses bad settings', () => {
  assert.equal(Settings.safeParse({ url: 'not a url' }).success, false);
});
`;
  return [
    { path: `${id}/index.ts`, content: index },
    { path: `${id}/${id}.test.ts`, content: test },
  ];
}
