/**
 * Runs a zod schema with messages in the caller's language and turns its issues
 * into field errors. Zod ships locale maps for all three of our languages.
 */
import { z } from 'zod';
import { ValidationError, type FieldError } from '../errors.ts';
import type { Lang } from '../i18n/index.ts';

const locales = {
  cn: z.locales.zhCN().localeError,
  en: z.locales.en().localeError,
  ja: z.locales.ja().localeError,
};

export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix?: string): FieldError[] {
  return issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || (prefix ?? ''),
    message: i.message,
  }));
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown, lang: Lang, prefix?: string): T {
  const result = schema.safeParse(value, { error: locales[lang] });
  if (!result.success) throw new ValidationError(issuesToFields(result.error.issues, prefix));
  return result.data;
}

/** A boolean in a query string: `true`/`false`/`1`/`0` (z.coerce.boolean would read "false" as true). */
export const QueryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
