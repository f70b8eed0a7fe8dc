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

/**
 * A calendar date, `YYYY-MM-DD`, that exists: 2027-02-31 and 2027-02-29 do not, 2028-02-29 does. Every date the API
 * accepts is one, so no service meets a date that luxon or `Date.UTC` would quietly roll into the next month.
 * Its refusal is zod's own "invalid date" issue, which zod words in each of our languages.
 */
export const CalendarDate = z.iso.date();

/** The `:id` of a route: a positive integer. */
export const IdParam = z.object({ id: z.coerce.number().int().positive() });
export type IdParam = z.infer<typeof IdParam>;
