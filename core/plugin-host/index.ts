/** The plugin host's front door: loading and running providers, their settings, and the outbox. */
export {
  PluginHost,
  NoProviderError,
  DEFAULT_TIMEOUT_MS,
  type CallBuilder,
  type PluginHostDeps,
  type PushListener,
} from './host.ts';
export {
  Outbox,
  backoffMs,
  CORE_OUTBOX_KINDS,
  OUTBOX_DEFAULTS,
  type CoreOutboxKind,
  type OutboxItem,
  type OutboxKind,
  type OutboxRow,
  type OutboxOptions,
} from './outbox.ts';
export { deliver, orderKey } from './deliver.ts';
export { calendarWork } from './booking-sync.ts';
export { discoverPlugins, pluginSources, BUILTIN_PLUGIN_DIR, type Discovery } from './discover.ts';
export { errorMessage, withTimeout } from './isolate.ts';
export { changedEndpoints } from './endpoints.ts';
export type { StoredSettings } from './settings-store.ts';
export { scaffoldFiles, kindFromName, PLUGIN_ID } from './scaffold.ts';
