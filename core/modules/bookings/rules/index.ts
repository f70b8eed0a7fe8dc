/**
 * Every rule checked on each booking write, in the order their refusals are reported
 * (the cheapest and most fundamental first). Overlap is not here: the slot table decides it.
 */
import { blocklist } from './blocklist.ts';
import { bookingCount } from './booking-count.ts';
import { busyOutside } from './busy-outside.ts';
import { creditBalance } from './credit-balance.ts';
import { daysAhead } from './days-ahead.ts';
import { disabledPeriod } from './disabled-period.ts';
import { maxDuration } from './max-duration.ts';
import { openHours } from './open-hours.ts';
import { pastEnd } from './past-end.ts';
import { pastTime } from './past-time.ts';
import { resourceStatus } from './resource-status.ts';
import type { Rule, RuleContext, RuleFailure } from './types.ts';
import { userGroup } from './user-group.ts';

export const RULES: ReadonlyArray<readonly [string, Rule]> = [
  ['pastTime', pastTime],
  ['pastEnd', pastEnd],
  ['resourceStatus', resourceStatus],
  ['openHours', openHours],
  ['disabledPeriod', disabledPeriod],
  ['busyOutside', busyOutside],
  ['maxDuration', maxDuration],
  ['daysAhead', daysAhead],
  ['userGroup', userGroup],
  ['blocklist', blocklist],
  ['bookingCount', bookingCount],
  ['creditBalance', creditBalance],
];

export function checkRules(c: RuleContext): RuleFailure[] {
  const out: RuleFailure[] = [];
  for (const [, rule] of RULES) {
    const f = rule(c);
    if (f) out.push(f);
  }
  return out;
}

export { priceOf } from './credit-balance.ts';
export type { RuleContext, RuleFailure } from './types.ts';
