/**
 * The one mapping of capabilities to the menu catalogue's permission codes (docs/conventions.md, Capabilities):
 * every code is in the catalogue, every name belongs to its module, and `can()` reads the table (with `*`).
 */
import test from 'ava';
import { can, capabilitiesOf, codesOf, holds, WILDCARD, type Actor, type Capability } from '../../core/actor.ts';
import { CAPABILITIES, CAPABILITY_NAMES } from '../../core/modules/capabilities.ts';
import { allPermissions } from '../../core/modules/menus/index.ts';
import { PARAM_GROUP_PERMISSIONS } from '../../core/modules/params/index.ts';
import { resourceCapability } from '../../core/modules/resources/index.ts';
import { kindCapability } from '../../core/modules/integrations/index.ts';
import { PLUGIN_KINDS } from '../../core/plugin-sdk/index.ts';

const actor = (...permissions: string[]): Actor => ({
  userId: 7,
  username: 'someone',
  permissions: new Set(permissions),
  lang: 'en',
  via: 'session',
});

test('every code a capability names is in the menu catalogue, and every capability has one', (t) => {
  const catalogue = new Set(allPermissions());
  for (const [name, codes] of Object.entries(CAPABILITIES)) {
    t.true(codes.length > 0, `${name} is granted by some code`);
    for (const code of codes) t.true(catalogue.has(code), `${name}: ${code} is in the catalogue`);
  }
});

test('a capability is named <module>.<verb> after a module that exists', (t) => {
  const modules = new Set([
    'bookings',
    'devices',
    'groups',
    'integrations',
    'keys',
    'locations',
    'notifications',
    'params',
    'reports',
    'resources',
    'roles',
    'tablets',
    'webhooks',
  ]);
  for (const name of CAPABILITY_NAMES) t.true(modules.has(name.split('.')[0]!), name);
  t.deepEqual(CAPABILITY_NAMES, [...CAPABILITY_NAMES].sort(), 'the list is sorted');
});

test('a role holding one code gets exactly the capabilities that list it', (t) => {
  for (const code of allPermissions()) {
    const expected = CAPABILITY_NAMES.filter((c) => codesOf(c).includes(code as never));
    t.deepEqual(capabilitiesOf(actor(code)), expected, code);
  }
  t.deepEqual(capabilitiesOf(actor('center:reserve:super')), ['bookings.manageAny']);
  t.true(can(actor('center:recurring:circle'), 'bookings.book'));
  t.true(can(actor('center:recurring:circle'), 'bookings.bookSeries'));
  t.false(can(actor('center:recurring:circle'), 'bookings.manageAny'));
});

test('the wildcard of the system has every capability and holds every code; nobody else does', (t) => {
  t.deepEqual(capabilitiesOf(actor(WILDCARD)), CAPABILITY_NAMES);
  t.deepEqual(capabilitiesOf(actor()), []);
  for (const code of allPermissions()) {
    t.true(holds(actor(WILDCARD), code));
    t.false(holds(actor(), code));
  }
  // A code is matched exactly, never as a part of another (the old console matched substrings).
  t.false(can(actor('center:reserve:supe'), 'bookings.manageAny'));
  t.false(holds(actor('center:reserve:super'), 'center:reserve:sup'));
});

test('the per-type and per-kind helpers name capabilities that exist, with the screen of the type or kind', (t) => {
  t.deepEqual(codesOf(resourceCapability(1, 'add')), ['room:desk:add']);
  t.deepEqual(codesOf(resourceCapability(0, 'delete')), ['room:room:delete']);
  t.deepEqual(codesOf(resourceCapability(5, 'view')), ['room:room:view']);
  t.deepEqual(codesOf(kindCapability('face', 'save')), ['inte:fr:save']);
  for (const kind of PLUGIN_KINDS)
    for (const access of ['view', 'save'] as const) {
      const capability: Capability = kindCapability(kind, access);
      t.true(CAPABILITY_NAMES.includes(capability), capability);
      const anyKind = access === 'view' ? 'integrations.view' : 'integrations.save';
      t.true(codesOf(anyKind).includes(codesOf(capability)[0]!), `${anyKind} admits ${capability}`);
    }
  t.deepEqual(codesOf(PARAM_GROUP_PERMISSIONS.security.save), ['sys:security:save']);
  t.deepEqual(codesOf(PARAM_GROUP_PERMISSIONS.booking.view), ['sys:setting:view']);
});
