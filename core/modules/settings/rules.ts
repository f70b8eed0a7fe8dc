/**
 * Rules between the fields of one settings screen (SPEC.md §5), checked on the
 * values as they will be after the change, each with its own message so the
 * console can say exactly what is wrong. ParamsService keeps its own backstop
 * check for callers that go through /sys/params.
 */
import { ValidationError } from '../../errors.ts';
import { t, type Lang } from '../../i18n/index.ts';

type Values = Record<string, unknown>;

function fail(lang: Lang, field: string, key: string): never {
  throw new ValidationError([{ field, message: t(lang, key) }], key);
}

/** Checks made on the raw input, before the schemas (so the message is the specific one). */
export function precheck(group: string, input: Values, lang: Lang): void {
  if (group === 'pad' && 'padAuthMethods' in input) {
    const raw = input.padAuthMethods;
    const parts: unknown[] = typeof raw === 'string' ? raw.split('|') : Array.isArray(raw) ? raw : [];
    const names = parts.filter((n) => typeof n === 'string' && n.trim() !== '');
    if (names.length === 0) fail(lang, 'padAuthMethods', 'settings.padAuthRequired');
  }
}

/** Checks across fields on the merged values. */
export function crossCheck(group: string, after: Values, lang: Lang): void {
  if (group !== 'security') return;
  if (Number(after.passwordMinLength) > Number(after.passwordMaxLength))
    fail(lang, 'passwordMinLength', 'settings.passwordLengthOrder');
  const validity = Number(after.passwordValidityDays);
  const prompt = Number(after.passwordPromptDays);
  // Validity 0 switches expiry off; once it is on, the reminder starts 1..validity days before.
  if (validity > 0 && (prompt < 1 || prompt > validity))
    fail(lang, 'passwordPromptDays', 'settings.promptExceedsValidity');
}
