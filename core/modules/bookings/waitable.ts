/**
 * What the waitlist (docs/product-rules.md R25) asks of the booking engine, so it never reads bookings' tables: a
 * range's times and whether the caller could book it were it free (R25.2), and whether it is free now (R25.4).
 */
import type { Actor } from '../../actor.ts';
import type { BookingTimes } from '../../event-types.ts';
import type { BookingDeps } from './deps.ts';
import { loadFacts, resolveTimes, ruleContext, ruleError } from './plan.ts';
import { loadDisabledPeriods, loadResource } from './resources.ts';
import { RULES } from './rules/index.ts';
import { loadSettings } from './settings.ts';
import { conflictRanges } from './slots.ts';
import { DAY_MS } from './time.ts';

/**
 * The rules a waitlist entry must pass when joined: who may book the room and when. The limits that depend on the
 * person's other bookings or balance (count, credit) and the room calendar's own meetings are checked when the
 * booking is made (R25.2).
 */
const JOIN_RULES = new Set([
  'pastTime',
  'pastEnd',
  'resourceStatus',
  'openHours',
  'disabledPeriod',
  'maxDuration',
  'daysAhead',
  'userGroup',
  'blocklist',
]);

export interface RangeInput {
  resourceId: number;
  meetingDate: string;
  startTime?: string;
  endTime?: string;
  wholeDay?: boolean;
}

export interface WaitableRange {
  times: BookingTimes;
  resourceName: string;
  /** Some booking holds time in the range now. */
  taken: boolean;
}

/** The range resolved in the resource's zone, checked against the joining rules (the first refusal thrown). */
export async function waitableRange(deps: BookingDeps, actor: Actor, input: RangeInput): Promise<WaitableRange> {
  const resource = await loadResource(deps.db, input.resourceId);
  const times = resolveTimes(resource, input);
  const now = deps.clock.now();
  const [settings, facts, disabled] = await Promise.all([
    loadSettings(deps.paramsService),
    loadFacts(deps.db, deps, actor.userId, now),
    loadDisabledPeriods(deps.db, { ids: [resource.id] }, times.startAt - DAY_MS, times.endAt + DAY_MS),
  ]);
  const ctx = ruleContext({ now, actor, resource, times, settings, facts, disabled });
  for (const [name, rule] of RULES) {
    if (!JOIN_RULES.has(name)) continue;
    const refused = rule(ctx);
    if (refused) throw ruleError(refused);
  }
  return { times, resourceName: resource.name, taken: !(await isFree(deps, resource.id, times.startAt, times.endAt)) };
}

/** Whether no booking holds any slot of [startAt, endAt) on the resource. */
export async function isFree(deps: BookingDeps, resourceId: number, startAt: number, endAt: number): Promise<boolean> {
  return (await conflictRanges(deps.db, resourceId, startAt, endAt)).length === 0;
}
