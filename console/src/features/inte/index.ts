/**
 * Integrations (/inte): one screen per plugin kind, lazily loaded, for the
 * console's screen list. The kinds and their screen paths are the plugin
 * SDK's (core/plugin-sdk/kinds.ts, docs/plugins.md); only the English titles are the console's.
 */
import { lazyScreen } from '../../app/lazy.ts';
import { defineSection, type ScreenDef } from '../../app/sections.ts';
import { KIND_SCREEN, PLUGIN_KINDS, type PluginKind } from '../../../../core/plugin-sdk/kinds.ts';

/** The screen of one integration kind (face recognition is also /sys/face). */
export const inteScreen = (kind: PluginKind) =>
  lazyScreen(() => import('./screens/InteScreen.tsx').then((m) => ({ default: m.inteScreenOf(kind) })));

/** The English title of each kind's screen (the key of its translated title). */
const TITLES: Record<PluginKind, string> = {
  environment: 'Environment Detection',
  occupancy: 'Presence Detection',
  face: 'Face Recognition',
  eink: 'Electronic Labels',
  access: 'Access Control',
  notify: 'Notifications',
  apps: 'Third-party Apps',
  calendar: 'Booking Sync',
  switch: 'Switches',
};

export const inteSection = defineSection(
  '/inte',
  'Integrations',
  Object.fromEntries(
    PLUGIN_KINDS.map((kind): [string, ScreenDef] => [
      KIND_SCREEN[kind],
      { title: TITLES[kind], screen: inteScreen(kind) },
    ]),
  ),
);
