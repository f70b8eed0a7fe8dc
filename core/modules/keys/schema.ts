import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const KeyInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(500)
    .describe('permission codes the key may use, e.g. sys:log:view'),
  expiresAt: z.number().int().positive().nullish().describe('epoch ms; none for a key that does not expire'),
});
export type KeyInput = z.infer<typeof KeyInput>;

export const KeyQuery = PageQuery.extend({
  state: z.enum(['active', 'all']).default('all'),
  userId: z.coerce.number().int().positive().optional().describe('only the keys acting as this user'),
});
export type KeyQuery = z.infer<typeof KeyQuery>;

/** A user's keys, as the password-reset dialog lists them. */
export const UserKeyQuery = KeyQuery.omit({ userId: true });
export type UserKeyQuery = z.infer<typeof UserKeyQuery>;

export { IdParam } from '../../http/validate.ts';

export const KeyView = z.object({
  id: z.number(),
  name: z.string(),
  keyId: z.string().describe('public part of the key, shown in lists'),
  scopes: z.array(z.string()),
  userId: z.number().nullable().describe('the user the key acts as (its creator)'),
  username: z.string().nullable(),
  createdAt: z.number(),
  expiresAt: z.number().nullable(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type KeyView = z.infer<typeof KeyView>;

export const CreatedKey = KeyView.extend({
  key: z.string().describe('atr_<keyId>.<secret>: shown once, never again'),
});
export type CreatedKey = z.infer<typeof CreatedKey>;
