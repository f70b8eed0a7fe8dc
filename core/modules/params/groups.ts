/**
 * Which permission reads and which writes each group of parameters. The
 * security, door-tablet and blocklist parameters have screens of their own
 * with stricter permissions than the general settings screen; every way of
 * reading or writing a parameter (the generic /sys/params calls, the grouped
 * settings screens, the CLI) is checked against this one table.
 */
import type { Actor } from '../../actor.ts';
import { ForbiddenError } from '../../errors.ts';
import { PARAM_BY_KEY, type ParamGroup } from './catalog.ts';

export interface GroupPermissions {
  view: string;
  save: string;
}

const GENERAL: GroupPermissions = { view: 'sys:setting:view', save: 'sys:setting:save' };

export const PARAM_GROUP_PERMISSIONS: Readonly<Record<ParamGroup, GroupPermissions>> = {
  security: { view: 'sys:security:view', save: 'sys:security:save' },
  pad: { view: 'sys:padauth:view', save: 'sys:padauth:save' },
  blocklist: { view: 'sys:blackset:view', save: 'sys:blackset:save' },
  system: GENERAL,
  booking: GENERAL,
  dashboard: GENERAL,
  logs: GENERAL,
};

const holds = (actor: Actor, permission: string) => actor.permissions.has(permission) || actor.permissions.has('*');

/** The permission `action` on the parameter `key` needs (the key must be in the catalogue). */
function permissionFor(key: string, action: keyof GroupPermissions): string {
  return PARAM_GROUP_PERMISSIONS[PARAM_BY_KEY.get(key)!.group][action];
}

export function mayView(actor: Actor, key: string): boolean {
  return holds(actor, permissionFor(key, 'view'));
}

export function maySave(actor: Actor, key: string): boolean {
  return holds(actor, permissionFor(key, 'save'));
}

/** Throws 403 naming the first parameter of `keys` the actor may not `action`. */
export function assertAllowed(actor: Actor, keys: Iterable<string>, action: keyof GroupPermissions): void {
  for (const key of keys) {
    const permission = permissionFor(key, action);
    if (!holds(actor, permission)) throw new ForbiddenError('settings.paramForbidden', { key, permission });
  }
}
