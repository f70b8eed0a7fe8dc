/**
 * Which permission reads and which writes each group of parameters. The
 * security, door-tablet and blocklist parameters have screens of their own
 * with stricter permissions than the general settings screen; every way of
 * reading or writing a parameter (the generic /sys/params calls, the grouped
 * settings screens, the CLI) is checked against this one table.
 */
import { can, codesOf, type Actor } from '../../actor.ts';
import { ForbiddenError } from '../../errors.ts';
import type { ParamsCapability } from './capabilities.ts';
import { PARAM_BY_KEY, type ParamGroup } from './catalog.ts';

export interface GroupPermissions {
  view: ParamsCapability;
  save: ParamsCapability;
}

const GENERAL: GroupPermissions = { view: 'params.viewGeneral', save: 'params.saveGeneral' };

export const PARAM_GROUP_PERMISSIONS: Readonly<Record<ParamGroup, GroupPermissions>> = {
  security: { view: 'params.viewSecurity', save: 'params.saveSecurity' },
  pad: { view: 'params.viewPad', save: 'params.savePad' },
  blocklist: { view: 'params.viewBlocklist', save: 'params.saveBlocklist' },
  system: GENERAL,
  booking: GENERAL,
  dashboard: GENERAL,
  logs: GENERAL,
  integration: GENERAL,
};

/** The capability `action` on the parameter `key` needs (the key must be in the catalogue). */
function capabilityFor(key: string, action: keyof GroupPermissions): ParamsCapability {
  return PARAM_GROUP_PERMISSIONS[PARAM_BY_KEY.get(key)!.group][action];
}

export function mayView(actor: Actor, key: string): boolean {
  return can(actor, capabilityFor(key, 'view'));
}

export function maySave(actor: Actor, key: string): boolean {
  return can(actor, capabilityFor(key, 'save'));
}

/** Throws 403 naming the first parameter of `keys` the actor may not `action`, and the permission it needs. */
export function assertAllowed(actor: Actor, keys: Iterable<string>, action: keyof GroupPermissions): void {
  for (const key of keys) {
    const capability = capabilityFor(key, action);
    if (!can(actor, capability))
      throw new ForbiddenError('settings.paramForbidden', { key, permission: codesOf(capability).join(', ') });
  }
}
