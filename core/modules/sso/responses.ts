/** Schemas of this module's answers that only the OpenAPI document needs. */
import { z } from 'zod';
import { SECRET_FIELDS, SETTINGS_INPUT, type SsoMethod } from './schema.ts';

/** The settings of a method as an administrator sees them: every field, each secret only as whether it is set. */
export function settingsView(method: SsoMethod) {
  const secrets = Object.fromEntries(SECRET_FIELDS[method].map((f) => [f, z.object({ set: z.boolean() })]));
  return z.looseObject({ ...SETTINGS_INPUT[method].partial().shape, ...secrets });
}
