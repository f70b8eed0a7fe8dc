/**
 * The grouped settings screens of the console (security, pad, blocklist, ...):
 * each is a slice of the parameter catalogue, read and written as one form.
 * The catalogue stays the one list of parameters and the params module the one
 * table of which permission guards which group; a screen only names its group.
 */
import { PARAMS, PARAM_GROUP_PERMISSIONS, type ParamGroup, type ParamsCapability } from '../params/index.ts';

export interface SettingsGroup {
  /** URL segment: /sys/settings/<name>. */
  name: string;
  /** Catalogue group whose parameters the screen shows. */
  paramGroup: ParamGroup;
  view: ParamsCapability;
  save: ParamsCapability;
  summary: string;
}

const screen = (name: string, paramGroup: ParamGroup, summary: string): SettingsGroup => ({
  name,
  paramGroup,
  ...PARAM_GROUP_PERMISSIONS[paramGroup],
  summary,
});

export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  screen('security', 'security', 'Password policy, sign-in delays, sessions, local sign-in and CAPTCHA'),
  screen('pad', 'pad', 'Door tablet settings (at least one booking authentication method)'),
  screen('blocklist', 'blocklist', 'Blocklist rules: max violations, statistics period, disable days'),
  screen('system', 'system', 'General system settings (option flags written |name|)'),
  screen('booking', 'booking', 'Booking rules'),
  screen('dashboard', 'dashboard', 'Wall dashboard slide times'),
  screen('logs', 'logs', 'Log retention days and the SQL monitor threshold'),
];

/** Parameter keys of a group, in catalogue order (read at call time, so new catalogue entries join their screen). */
export function groupKeys(group: SettingsGroup): string[] {
  return PARAMS.filter((p) => p.group === group.paramGroup).map((p) => p.key);
}
