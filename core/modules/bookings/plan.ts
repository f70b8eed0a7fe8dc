/**
 * From a request to checked facts: the request's times as instants in the
 * resource's zone, the organiser's facts the rules need, and the rule verdict.
 */
import { randomInt } from 'node:crypto';
import type { Actor } from '../../actor.ts';
import { BadRequestError, BusinessRuleError } from '../../errors.ts';
import type { BookingTimes } from '../../event-types.ts';
import type { BookingDeps, Db } from './deps.ts';
import { HOLDS_TIME } from './lifecycle.ts';
import { openOn, type DisabledPeriod, type ResourceInfo } from './resources.ts';
import { checkRules, priceOf, type RuleContext, type RuleFailure } from './rules/index.ts';
import { isBookingAdmin } from './sight.ts';
import type { BookingSettings } from './settings.ts';
import { instantOf, minutesOf, wallClockExists, weekdayOf } from './time.ts';
import { joinGroupsOf } from '../groups/index.ts';
import { creditBalanceOf } from '../users/index.ts';

export type Times = BookingTimes;

/**
 * The request's times in the resource's zone; a whole day is the day's open hours. When the zone skips one of the
 * times that date (clocks jumping forward), `skipped` says so and the instants are those luxon moves it to, which
 * no booking may be given: its label would contradict them.
 */
export function readTimes(
  resource: ResourceInfo,
  input: { meetingDate: string; startTime?: string; endTime?: string; wholeDay?: boolean },
): Times & { skipped?: RuleFailure } {
  const date = input.meetingDate;
  const zone = resource.timeZone;
  let { startTime, endTime } = input;
  const wholeDay = input.wholeDay === true;
  if (wholeDay) {
    const open = openOn(resource, weekdayOf(date)) ?? { from: '00:00', to: '24:00' };
    startTime = open.from;
    endTime = open.to;
  }
  if (startTime === undefined || endTime === undefined || minutesOf(endTime) <= minutesOf(startTime))
    throw new BadRequestError('bookings.selectTime');
  const startAt = instantOf(date, startTime, zone);
  const endAt = instantOf(date, endTime, zone);
  const missing = [startTime, endTime].find((time) => !wallClockExists(date, time, zone));
  if (missing !== undefined) {
    const skipped = { key: 'bookings.timeSkipped', params: { time: missing, date, zone } };
    return { meetingDate: date, startTime, endTime, wholeDay, startAt, endAt: Math.max(startAt, endAt), skipped };
  }
  if (!(endAt > startAt)) throw new BadRequestError('bookings.selectTime');
  return { meetingDate: date, startTime, endTime, wholeDay, startAt, endAt };
}

/** The times of one booking: a time its zone skips that date is a bad request (a series refuses just that date). */
export function resolveTimes(
  resource: ResourceInfo,
  input: { meetingDate: string; startTime?: string; endTime?: string; wholeDay?: boolean },
): Times {
  const { skipped, ...times } = readTimes(resource, input);
  if (skipped) throw new BadRequestError(skipped.key, skipped.params);
  return times;
}

/** What the rules need to know about the organiser, read once per write. */
export interface Facts {
  userGroupIds: number[];
  blocked: boolean;
  balance: number;
  activeCount: number;
}

/**
 * One query: a row per group of the user (a user in no group still gets one) carrying, as scalar sub-queries,
 * the credit balance, the active-booking count and whether the blocklist holds the user (its module's query).
 */
export async function loadFacts(
  trx: Db,
  deps: BookingDeps,
  userId: number,
  now: number,
  excludeIds: number[] = [],
): Promise<Facts> {
  const active = trx('bookings')
    .where({ organiser_id: userId })
    .whereIn('state', [...HOLDS_TIME])
    .where('end_at', '>', now)
    .modify((q) => {
      if (excludeIds.length) q.whereNotIn('id', excludeIds);
    })
    .count('*');
  const rows = (await joinGroupsOf(trx.from(trx.raw('(select 1 as one) as x')), userId, 'g').select(
    'g.group_id',
    creditBalanceOf(trx, userId).as('balance'),
    active.as('n'),
    deps.blocklistService.holding(trx, userId, now).count('*').as('blocked'),
  )) as Array<{
    group_id: number | null;
    balance: number | string | null;
    n: number | string;
    blocked: number | string;
  }>;
  const first = rows[0];
  return {
    userGroupIds: rows.filter((r) => r.group_id !== null).map((r) => Number(r.group_id)),
    blocked: Number(first?.blocked ?? 0) > 0,
    balance: Number(first?.balance ?? 0),
    activeCount: Number(first?.n ?? 0),
  };
}

export function ruleContext(args: {
  now: number;
  actor: Actor;
  resource: ResourceInfo;
  times: Times;
  settings: BookingSettings;
  facts: Facts;
  disabled: DisabledPeriod[];
  /** The room calendar's busy times Atrium does not hold (R23.7), where its provider decides. */
  busyOutside?: Map<number, Array<{ startAt: number; endAt: number }>>;
}): RuleContext {
  const { resource, times, settings, facts } = args;
  return {
    now: args.now,
    resource,
    ...times,
    disabledPeriods: args.disabled,
    busyOutside: args.busyOutside?.get(resource.id),
    maxDurationMinutes: settings.maxDurationMinutes,
    isSuper: isBookingAdmin(args.actor),
    daysAhead: settings.daysAhead,
    countLimit: settings.countLimit,
    activeCount: facts.activeCount,
    userGroupIds: facts.userGroupIds,
    blocked: facts.blocked,
    useCredit: settings.useCredit,
    balance: facts.balance,
    price: priceFor(settings, resource, times),
  };
}

/** What a booking of `times` costs, the amount its charge takes (docs/product-rules.md R10.1): nothing without useCredit. */
export function priceFor(settings: BookingSettings, resource: ResourceInfo, times: Times): number {
  return settings.useCredit ? priceOf(resource.pricePerHour, times.startAt, times.endAt) : 0;
}

export function ruleError(f: RuleFailure): BusinessRuleError {
  return new BusinessRuleError(f.key, f.params ?? {});
}

/** Throws the first refusal, if any. */
export function enforce(c: RuleContext): void {
  const [first] = checkRules(c);
  if (first) throw ruleError(first);
}

/** A check-in code of `length` digits without a leading zero: a fixed-length integer, as door tablets expect. */
export function newCheckInCode(length: number): string {
  return String(randomInt(10 ** (length - 1), 10 ** length));
}

export function needsApproval(resource: ResourceInfo, organiserId: number, settings: BookingSettings): boolean {
  return settings.useApproval && resource.approverIds.length > 0 && !resource.exemptIds.includes(organiserId);
}
