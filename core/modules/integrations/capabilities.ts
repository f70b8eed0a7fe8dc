/**
 * Integrations: each kind is read and changed with its own screen's actions (docs/product-rules.md R2.8), and
 * the calls that serve every kind admit any of them (the service then asks for the kind's own).
 */
import type { CapabilityTable, PermissionCode } from '../../capability.ts';
import { KIND_SCREEN, PLUGIN_KINDS, type PluginKind } from '../../plugin-sdk/kinds.ts';

type Access = 'view' | 'save';
const code = (kind: PluginKind, access: Access): PermissionCode => `inte:${KIND_SCREEN[kind]}:${access}`;
const perKind = <A extends Access>(access: A) => {
  const table = {} as Record<`integrations.${PluginKind}.${A}`, readonly PermissionCode[]>;
  for (const k of PLUGIN_KINDS) table[`integrations.${k}.${access}`] = [code(k, access)];
  return table;
};

export const INTEGRATIONS_CAPABILITIES = {
  ...perKind('view'),
  ...perKind('save'),
  /** Any kind's screen: the calls that serve all kinds. */
  'integrations.view': PLUGIN_KINDS.map((k) => code(k, 'view')),
  'integrations.save': PLUGIN_KINDS.map((k) => code(k, 'save')),
} as const satisfies CapabilityTable<'integrations'>;

export type IntegrationsCapability = keyof typeof INTEGRATIONS_CAPABILITIES;

/** The capability to `access` one kind's settings. */
export const kindCapability = (kind: PluginKind, access: Access): IntegrationsCapability =>
  `integrations.${kind}.${access}`;
