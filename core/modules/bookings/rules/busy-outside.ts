import type { Rule } from './types.ts';

/**
 * A room whose calendar provider is the source of truth: the times its calendar shows busy with meetings Atrium does
 * not hold (docs/product-rules.md R23.7).
 */
export const busyOutside: Rule = (c) =>
  c.busyOutside?.some((b) => b.startAt < c.endAt && b.endAt > c.startAt) ? { key: 'calendar.busyOutside' } : null;
