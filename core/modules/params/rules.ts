/**
 * The rules parameters must follow beyond their own schema, for every writer
 * (the settings screens, /sys/params and the CLI all save through
 * ParamsService.setMany), each with its own translated message so the console
 * can say exactly what is wrong.
 */
import { ValidationError } from '../../errors.ts';
import { t, type Lang, type MessageParams } from '../../i18n/index.ts';
import { patternProblem, MAX_OPEN_REPEATS, MAX_VARIABLE_REPEATS, type PatternProblem } from './pattern-safety.ts';

type Values = Record<string, unknown>;

export interface Breach {
  field: string;
  key: string;
  params?: MessageParams;
}

export const PATTERN_MESSAGES: Readonly<Record<PatternProblem, string>> = {
  invalid: 'settings.patternInvalid',
  backReference: 'settings.patternBackReference',
  nestedQuantifier: 'settings.patternNestedQuantifier',
  repeatedAlternation: 'settings.patternRepeatedAlternation',
  tooManyRepeats: 'settings.patternTooManyRepeats',
};

/** Checked on the raw input, before the schemas, so the message is the rule's own rather than the schema's. */
export function inputBreaches(input: Values): Breach[] {
  const breaches: Breach[] = [];
  if ('padAuthMethods' in input) {
    const raw = input.padAuthMethods;
    const parts: unknown[] = typeof raw === 'string' ? raw.split('|') : Array.isArray(raw) ? raw : [];
    if (!parts.some((n) => typeof n === 'string' && n.trim() !== ''))
      breaches.push({ field: 'padAuthMethods', key: 'settings.padAuthRequired' });
  }
  const pattern = input.usernoPattern;
  // Longer text is the schema's to refuse; analysing it first would only cost time.
  if (typeof pattern === 'string' && pattern.length <= 200 && pattern.trim() !== '') {
    const problem = patternProblem(pattern.trim());
    if (problem)
      breaches.push({
        field: 'usernoPattern',
        key: PATTERN_MESSAGES[problem],
        params: { variable: MAX_VARIABLE_REPEATS, open: MAX_OPEN_REPEATS },
      });
  }
  return breaches;
}

/** Checked across parameters on the values as they will be after the change. */
export function crossBreaches(after: Values): Breach[] {
  const breaches: Breach[] = [];
  if (Number(after.passwordMinLength) > Number(after.passwordMaxLength))
    breaches.push({ field: 'passwordMinLength', key: 'settings.passwordLengthOrder' });
  const validity = Number(after.passwordValidityDays);
  const prompt = Number(after.passwordPromptDays);
  // Validity 0 switches expiry off; once it is on, the reminder starts 1..validity days before.
  if (validity > 0 && (prompt < 1 || prompt > validity))
    breaches.push({ field: 'passwordPromptDays', key: 'settings.promptExceedsValidity' });
  return breaches;
}

/** Throws the breaches as one 400 whose key is the first breach's. */
export function throwBreaches(breaches: Breach[], lang: Lang): void {
  const first = breaches[0];
  if (!first) return;
  throw new ValidationError(
    breaches.map((b) => ({ field: b.field, message: t(lang, b.key, b.params) })),
    first.key,
    first.params,
  );
}
