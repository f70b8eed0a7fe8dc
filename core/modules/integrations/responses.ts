/** Schemas of this module's answers that only the OpenAPI document needs. */
import { z } from 'zod';
import { PLUGIN_KINDS } from '../../plugin-sdk/index.ts';
import { SettingsView } from './schema.ts';

const Names = z.object({ cn: z.string(), en: z.string(), ja: z.string() });

export const KindsAnswer = z.object({
  kinds: z.array(
    z.object({
      kind: z.enum(PLUGIN_KINDS),
      screen: z.string(),
      names: Names,
      providers: z.array(
        z.object({
          id: z.string(),
          names: Names,
          secrets: z.array(z.string()),
          endpoints: z.array(z.string()).describe('fields saying where the secrets go'),
          settingsSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of the provider settings'),
        }),
      ),
      selected: z.string().describe("the selected provider's id, `none` for none"),
    }),
  ),
  loadErrors: z
    .array(z.object({ source: z.string(), error: z.string() }))
    .describe('plugins that failed to load, and why'),
});

export const SavedSettings = SettingsView.extend({
  started: z.object({ running: z.boolean(), error: z.string().optional() }),
});

export const TestAnswer = z.object({
  provider: z.string(),
  ok: z.boolean(),
  detail: z.string().nullable(),
  ms: z.number(),
});

export const ScaffoldAnswer = z.object({ files: z.array(z.object({ path: z.string(), content: z.string() })) });
