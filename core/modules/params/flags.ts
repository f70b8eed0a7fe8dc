/**
 * Flag-set parameters (`options`, the pad authentication methods: docs/product-rules.md R15.7) are
 * stored as `|name|name|`: the console tests a flag with a substring match on
 * `|name|`, so the value is always written with both outer bars, each name
 * once, in catalogue order, whatever spelling came in (`a|b`, `|b|a`, or a list).
 */
import { z } from 'zod';

export function normaliseFlags(names: readonly string[], allowed: readonly string[]): string {
  const set = new Set(names);
  const ordered = allowed.filter((a) => set.has(a));
  return ordered.length ? `|${ordered.join('|')}|` : '';
}

export function splitFlags(value: string | readonly string[]): string[] {
  return (typeof value === 'string' ? value.split('|') : [...value]).map((s) => s.trim()).filter(Boolean);
}

/** A zod schema for a flag set out of `allowed`, with at least `min` flags; parses to the `|a|b|` form. */
export function flagSet(allowed: readonly string[], min = 0) {
  return z
    .union([
      z
        .string()
        .max(500)
        .regex(/^[|A-Za-z\s]*$/, 'flags written |name|'),
      z.array(z.string().max(50)).max(50),
    ])
    .transform((v) => splitFlags(v))
    .refine((names) => names.every((n) => allowed.includes(n)), `known flags: ${allowed.join(', ')}`)
    .refine(
      (names) => new Set(names).size >= min,
      min === 1 ? `at least one of |${allowed.join('|')}|` : `at least ${min} flags`,
    )
    .transform((names) => normaliseFlags(names, allowed));
}
