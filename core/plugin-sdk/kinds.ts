/**
 * The SDK's version. Minor versions only add (optional methods, new event types); a plugin written for 1.0 runs
 * unchanged on 1.1. 1.1 added `watch` to the access kind (cards read) and to the face kind (people identified).
 * 1.2 added to the eink kind the label drawn by the server (`LabelContent.image`, `freeFrom`) and the labels' sizes
 * in `listLabels` (docs/product-rules.md R20.4), and an optional `listDevices` to the access and face kinds, for
 * binding their devices to rooms (R20.6).
 */
export const SDK_VERSION = '1.7.0';

/** The integration kinds, each with the console screen that configures it. */
export const PLUGIN_KINDS = [
  'environment',
  'occupancy',
  'face',
  'eink',
  'access',
  'notify',
  'apps',
  'calendar',
  'switch',
] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** Console screen (menu `inte:<screen>`) of each kind; its permissions are `inte:<screen>:view|save`. */
export const KIND_SCREEN: Readonly<Record<PluginKind, string>> = {
  environment: 'environment',
  occupancy: 'occupancy',
  face: 'fr',
  eink: 'esl',
  access: 'ar',
  notify: 'notify',
  apps: 'app',
  calendar: 'event',
  switch: 'switch',
};

export interface Names {
  cn: string;
  en: string;
  ja: string;
}

export function isPluginKind(value: unknown): value is PluginKind {
  return typeof value === 'string' && (PLUGIN_KINDS as readonly string[]).includes(value);
}
