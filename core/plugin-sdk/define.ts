/**
 * A plugin is data plus a factory: id, kind, names, a zod schema of its
 * settings, the fields of that schema that are secrets and those that say where
 * the secrets go, and `create`, called with validated settings whenever the
 * provider (re)starts.
 */
import type { z } from 'zod';
import type { AccessProvider } from './access.ts';
import type { AppsProvider } from './apps.ts';
import type { CalendarProvider } from './calendar.ts';
import type { PluginContext } from './context.ts';
import type { EinkProvider } from './eink.ts';
import type { EnvironmentProvider } from './environment.ts';
import type { FaceProvider } from './face.ts';
import { isPluginKind, type Names, type PluginKind } from './kinds.ts';
import type { NotifyProvider } from './notify.ts';
import type { OccupancyProvider } from './occupancy.ts';
import type { SwitchProvider } from './switch.ts';

export interface ProviderByKind {
  environment: EnvironmentProvider;
  occupancy: OccupancyProvider;
  face: FaceProvider;
  eink: EinkProvider;
  access: AccessProvider;
  notify: NotifyProvider;
  apps: AppsProvider;
  calendar: CalendarProvider;
  switch: SwitchProvider;
}

export type ProviderFor<K extends PluginKind> = ProviderByKind[K];

export interface PluginDefinition<K extends PluginKind = PluginKind, S extends z.ZodType = z.ZodType> {
  /** Unique, lower-case with dashes (`notify-email`); stored in the settings, so never rename it. */
  id: string;
  kind: K;
  /** Name shown in the console's provider list, per language. */
  names: Names;
  /** The settings form: validated before `create`, and rendered by the console from its JSON Schema. */
  settings: S;
  /** Top-level fields of `settings` that are secrets: encrypted at rest, never sent back to the console. */
  secrets?: ReadonlyArray<string>;
  /**
   * Top-level fields of `settings` that say where the secrets are sent or how safely (host, port, URL,
   * TLS). When one of them changes, the stored secrets are not reused: a save or connection test that
   * changes one must send the secrets again (400 naming each secret otherwise), so a secret never
   * reaches a server that someone who could not read it chose. Declare every such field.
   */
  endpoints?: ReadonlyArray<string>;
  /** Longest a single call into the provider may take before the host gives up on it (default 15 s). */
  timeoutMs?: number;
  /**
   * Builds the provider. Called at server start when this provider is selected,
   * and again after each settings change (the old instance is closed first).
   * Throw here when the settings cannot work (it shows as failing health); do
   * not call the vendor here — that is `health()`'s job.
   */
  create(ctx: PluginContext<z.output<S>>): ProviderFor<K> | Promise<ProviderFor<K>>;
}

/** A definition of any kind, as the host holds them. */
export interface AnyPluginDefinition {
  id: string;
  kind: PluginKind;
  names: Names;
  settings: z.ZodType;
  secrets?: ReadonlyArray<string>;
  endpoints?: ReadonlyArray<string>;
  timeoutMs?: number;
  create(ctx: PluginContext<never>): unknown;
}

const ID = /^[a-z0-9][a-z0-9-]{1,62}$/;

/** Checks a definition's shape; throws a message naming what is wrong (used by definePlugin and the host). */
export function assertPluginDefinition(value: unknown, where = 'plugin'): asserts value is AnyPluginDefinition {
  const d = value as Partial<AnyPluginDefinition> | null;
  const fail = (why: string): never => {
    throw new Error(`${where}: ${why}`);
  };
  if (!d || typeof d !== 'object') fail('the default export is not a plugin definition');
  if (typeof d!.id !== 'string' || !ID.test(d!.id) || d!.id === 'none')
    fail(`id "${String(d!.id)}" must be lower-case letters, digits and dashes (and not "none")`);
  if (!isPluginKind(d!.kind)) fail(`kind "${String(d!.kind)}" is not one of the integration kinds`);
  if (!d!.names || !['cn', 'en', 'ja'].every((l) => typeof d!.names![l as keyof Names] === 'string'))
    fail('names needs cn, en and ja');
  const schema = d!.settings as { safeParse?: unknown } | undefined;
  if (!schema || typeof schema.safeParse !== 'function') fail('settings must be a zod schema');
  if (typeof d!.create !== 'function') fail('create must be a function');
  if (d!.secrets && !(Array.isArray(d!.secrets) && d!.secrets.every((s) => typeof s === 'string')))
    fail('secrets must be a list of field names');
  if (d!.endpoints && !(Array.isArray(d!.endpoints) && d!.endpoints.every((s) => typeof s === 'string')))
    fail('endpoints must be a list of field names');
}

/** Declares a plugin; its typed `create` must return the provider interface of its kind. */
export function definePlugin<K extends PluginKind, S extends z.ZodType>(
  definition: PluginDefinition<K, S>,
): PluginDefinition<K, S> {
  assertPluginDefinition(definition, `plugin ${String(definition.id)}`);
  return Object.freeze(definition);
}
