/**
 * The grouped settings screens of the console (security, pad, blocklist, ...):
 * each is a slice of the parameter catalogue, read and written as one form,
 * with its own permissions. The catalogue stays the one list of parameters;
 * a group only names which of them its screen shows.
 */
import { PARAMS } from '../params/index.ts';

export interface SettingsGroup {
  /** URL segment: /sys/settings/<name>. */
  name: string;
  /** Catalogue group whose parameters the screen shows. */
  paramGroup: string;
  view: string;
  save: string;
  summary: string;
}

export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    name: 'security',
    paramGroup: 'security',
    view: 'sys:security:view',
    save: 'sys:security:save',
    summary: 'Password policy, lockout, local sign-in and CAPTCHA',
  },
  {
    name: 'pad',
    paramGroup: 'pad',
    view: 'sys:padauth:view',
    save: 'sys:padauth:save',
    summary: 'Door tablet settings (at least one booking authentication method)',
  },
  {
    name: 'blocklist',
    paramGroup: 'blocklist',
    view: 'sys:blackset:view',
    save: 'sys:blackset:save',
    summary: 'Blocklist rules: max violations, statistics period, disable days',
  },
  {
    name: 'system',
    paramGroup: 'system',
    view: 'sys:setting:view',
    save: 'sys:setting:save',
    summary: 'General system settings (option flags written |name|)',
  },
  {
    name: 'booking',
    paramGroup: 'booking',
    view: 'sys:setting:view',
    save: 'sys:setting:save',
    summary: 'Booking rules',
  },
  {
    name: 'dashboard',
    paramGroup: 'dashboard',
    view: 'sys:setting:view',
    save: 'sys:setting:save',
    summary: 'Wall dashboard slide times',
  },
  {
    name: 'logs',
    paramGroup: 'logs',
    view: 'sys:setting:view',
    save: 'sys:setting:save',
    summary: 'Log retention days and the SQL monitor threshold',
  },
];

/** Parameter keys of a group, in catalogue order (read at call time, so new catalogue entries join their screen). */
export function groupKeys(group: SettingsGroup): string[] {
  return PARAMS.filter((p) => p.group === group.paramGroup).map((p) => p.key);
}
