import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';
import { KIND_SCREEN, PLUGIN_KINDS, type PluginKind } from '../../plugin-sdk/index.ts';

/** A kind in a path: its SDK name (`face`) or its console screen (`fr`). */
export const KindParam = z.object({
  kind: z.string().transform((v, ctx): PluginKind => {
    const kind = PLUGIN_KINDS.find((k) => k === v || KIND_SCREEN[k] === v);
    if (!kind) {
      ctx.addIssue({ code: 'custom', message: `one of ${PLUGIN_KINDS.join(', ')}` });
      return z.NEVER;
    }
    return kind;
  }),
});
export type KindParam = z.infer<typeof KindParam>;

export const SaveSettings = z.object({
  provider: z.string().min(1).max(100),
  /** Omitted or empty secret fields keep the stored secret (when the provider stays the same). */
  settings: z.record(z.string(), z.unknown()).default({}),
});
export type SaveSettings = z.infer<typeof SaveSettings>;

export const TestSettings = z.object({
  provider: z.string().min(1).max(100).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type TestSettings = z.infer<typeof TestSettings>;

export const SettingsView = z.object({
  kind: z.enum(PLUGIN_KINDS),
  provider: z.string(),
  settings: z.record(z.string(), z.unknown()),
  secretsSet: z.record(z.string(), z.boolean()),
  health: z.object({
    state: z.enum(['ok', 'failing', 'unknown']),
    detail: z.string().nullable(),
    at: z.number().nullable(),
  }),
  updatedAt: z.number(),
});
export type SettingsView = z.infer<typeof SettingsView>;

export const OutboxQuery = PageQuery.extend({
  kind: z.enum(PLUGIN_KINDS).optional(),
  state: z.enum(['pending', 'done', 'parked']).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuery>;

export const OutboxView = z.object({
  id: z.number(),
  kind: z.string(),
  provider: z.string().nullable(),
  topic: z.string(),
  state: z.string(),
  attempts: z.number(),
  nextAttemptAt: z.number(),
  lastError: z.string().nullable(),
  summary: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type OutboxView = z.infer<typeof OutboxView>;

export { IdParam } from '../../http/validate.ts';

export const ScaffoldQuery = KindParam.extend({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'lower-case letters, digits and dashes')
    .refine((v) => v !== 'none', 'reserved'),
});
export type ScaffoldQuery = z.infer<typeof ScaffoldQuery>;

export const DeviceListQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional().describe('part of the id or name'),
});
export type DeviceListQuery = z.infer<typeof DeviceListQuery>;

/** A device as the selected provider lists it, for binding it to a room. */
export const ProviderDevice = z.object({
  id: z.string().describe("the vendor's identifier: a device's identifier in Atrium"),
  name: z.string(),
  roomName: z.string().optional().describe('where the vendor says it is'),
  on: z.boolean().optional().describe('a switch: its state when the vendor says'),
  width: z.number().optional().describe('an e-ink label: its size in pixels'),
  height: z.number().optional(),
});
export type ProviderDevice = z.infer<typeof ProviderDevice>;

export const DeviceListAnswer = z.object({
  provider: z.string().describe('the provider asked ("none" when the kind has none)'),
  /** What the provider said when it could not list (the page is then empty); null when it listed. */
  error: z.string().nullable(),
  items: z.array(ProviderDevice),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type DeviceListAnswer = z.infer<typeof DeviceListAnswer>;
