/**
 * Every table has one owning module (docs/conventions.md, "Table ownership"); other code reaches its rows
 * through the owner's published functions. This test reads the server's sources for knex calls that name a
 * table (`trx('users')`, `.join('resources as r', …)`, `'floors as f'`) and fails on a module that touches a
 * table it does not own, unless the pair is in the allow-list below with the reason it is there.
 */
import test from 'ava';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Owner module → the tables it creates, changes and answers for. */
const OWNERS: Record<string, string[]> = {
  users: ['users'],
  auth: ['sessions', 'refresh_tokens', 'captchas', 'sign_in_throttle', 'system_secrets'],
  keys: ['api_keys'],
  webhooks: ['webhook_endpoints', 'webhook_deliveries'],
  waitlist: ['waitlist_entries', 'waitlist_serving'],
  // Who holds which role is the roles module's: it answers what a user may do (permissions, the administrator).
  roles: ['roles', 'role_permissions', 'user_roles'],
  menus: ['menus'],
  groups: ['user_groups', 'user_group_members'],
  locations: ['locations', 'floors'],
  resources: ['resources', 'resource_devices', 'resource_disabled_periods', 'resource_open_hours', 'resource_images'],
  uploads: ['uploads', 'resource_icons'],
  devices: ['devices'],
  tablets: [
    'tablets',
    'tablet_pairing_codes',
    'room_qr_codes',
    'room_presence',
    'room_recognitions',
    'room_presence_log',
  ],
  bookings: [
    'bookings',
    'booking_attendees',
    'booking_series',
    'booking_slots',
    'approvals',
    'credit_ledger',
    'resource_feeds',
  ],
  blocklist: ['blocklist', 'violations'],
  params: ['params', 'time_config'],
  dictionary: ['dictionary'],
  notifications: ['custom_notifications', 'notification_templates'],
  logs: ['operation_logs', 'reservation_logs', 'sql_stats'],
  reports: ['reports'],
  dashboard: ['dashboard_panels'],
  licences: ['licences'],
  changes: ['domain_events', 'domain_event_sequence', 'domain_event_targets', 'domain_event_failures'],
  sso: ['sso_states', 'user_identities'],
  // The plugin host's settings store keeps integration_settings (one row per kind: the plugin kinds, and the
  // sign-in methods the sso module seals itself); the integrations module only serves its screens.
  'plugin-host': ['outbox', 'plugin_kv', 'integration_settings'],
  scheduler: ['job_leases'],
  environment: ['environment_readings', 'environment_hourly', 'environment_rollup', 'environment_alerts'],
  faces: ['face_people', 'face_images'],
  directory: ['directory_runs', 'directory_sync', 'directory_group_maps'],
  'calendar-sync': ['calendar_rooms', 'calendar_events', 'calendar_sync'],
};

/**
 * Reads of other modules' tables that are allowed, each with its reason. Everything under "debt" is a read or
 * write that should move behind the owner's published functions; the list may only shrink.
 */
const ALLOWED: Record<string, string> = {
  // Read models: reports and the dashboard aggregate across tables in SQL (they call the owners' predicates
  // for meaning, docs/architecture.md A5).
  'reports -> *': 'read model: report queries join bookings, people and places',
  'dashboard -> *': 'read model: occupancy and the wall screen aggregate bookings over places',
  'logs -> users': 'read model: log lists show the actor by name',
  'logs -> resources': 'read model: the reservation log shows the room by name',
  // Start-up and demo data write through the schema they load, before any module runs.
  'core:seed -> *': 'the demo organisation is loaded in one pass at the first start',
  'core:bootstrap.ts -> resources': 'the licence check at start counts resources before modules serve',
  // Debt: to move behind the owner's functions.
};

const ownerOf = new Map(Object.entries(OWNERS).flatMap(([module, tables]) => tables.map((t) => [t, module] as const)));
const names = [...ownerOf.keys()].sort((a, b) => b.length - a.length).join('|');
/** A knex call or join naming a table first, or a `'<table> as <alias>'` anywhere. */
const CALL = new RegExp(
  String.raw`(?:\b(?:trx|db|knex|tx|q|this\.deps\.db|deps\.db)\(\s*|\.(?:from|join|leftJoin|innerJoin|rightJoin|into|table|hasTable)\(\s*)['"\x60](${names})(?:\s+as\s+\w+)?['"\x60]`,
  'g',
);
const ALIAS = new RegExp(String.raw`['"\x60](${names})\s+as\s+\w+['"\x60]`, 'g');

/** `core/modules/<m>/…` → m; `core/plugin-host/…` → plugin-host; anything else in core → core:<first part>. */
function moduleOf(file: string): string {
  const [, first, second] = file.split('/');
  if (first === 'modules') return second!;
  if (first === 'plugin-host' || first === 'scheduler') return first;
  return `core:${first}`;
}

/** (module -> table) → the files where it happens. */
function foreignTouches(files: Array<{ file: string; text: string }>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const { file, text } of files) {
    const module = moduleOf(file);
    for (const m of [...text.matchAll(CALL), ...text.matchAll(ALIAS)]) {
      const table = m[1]!;
      if (ownerOf.get(table) === module) continue;
      const pair = `${module} -> ${table}`;
      found.set(pair, (found.get(pair) ?? new Set()).add(file));
    }
  }
  return found;
}

const allowed = (pair: string): boolean => pair in ALLOWED || `${pair.split(' -> ')[0]} -> *` in ALLOWED;

test('the scan sees a foreign table in a call, a join and an alias, and not the owner', (t) => {
  const found = foreignTouches([
    {
      file: 'core/modules/keys/service.ts',
      text: "await trx('api_keys').insert(row); await trx('users').where({ id })",
    },
    { file: 'core/modules/groups/service.ts', text: "q.leftJoin('users as u', 'u.id', 'm.user_id')" },
    { file: 'core/modules/menus/tree.ts', text: "const from = 'roles as r';" },
  ]);
  t.deepEqual([...found.keys()].sort(), ['groups -> users', 'keys -> users', 'menus -> roles']);
});

test('every table has one owner, and every migrated table is listed', (t) => {
  const migrations = execFileSync('git', ['ls-files', 'migrations'], { cwd: root, encoding: 'utf8' }).split('\n');
  const created = new Set<string>();
  for (const file of migrations.filter((f) => f.endsWith('.cjs') && existsSync(path.join(root, f))))
    for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(
      /createTable(?:IfNotExists)?\(\s*['"](\w+)['"]/g,
    ))
      created.add(m[1]!);
  t.deepEqual([...created].filter((table) => !ownerOf.has(table)).sort(), [], 'tables without an owner');
  const listed = Object.values(OWNERS).flat();
  t.is(new Set(listed).size, listed.length, 'a table with two owners');
});

test('no module touches a table it does not own outside the allow-list, and the allow-list has no stale entry', (t) => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'core'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f.endsWith('.ts') && existsSync(path.join(root, f)))
    .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
  const found = foreignTouches(files);
  const refused = [...found]
    .filter(([pair]) => !allowed(pair))
    .map(([pair, where]) => `${pair}: ${[...where].join(', ')}`);
  t.deepEqual(refused, [], "call the owner's published function instead");
  const stale = Object.keys(ALLOWED).filter((pair) => !pair.endsWith('*') && !found.has(pair));
  t.deepEqual(stale, [], 'remove these from the allow-list: they no longer happen');
});
