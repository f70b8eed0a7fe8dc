/**
 * Recurring bookings: a rule (rrule) expanded at creation into real occurrence
 * rows. Creation is all-or-nothing per the caller's policy: `fail` refuses the
 * series if any date is refused, `skip` books the others and lists the rest.
 */
import rrule from 'rrule';
import { can, type Actor } from '../../actor.ts';
import { BadRequestError, BusinessRuleError, ConflictError, ForbiddenError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import { prepareCreate } from './create.ts';
import { creditQuote } from './quote.ts';
import type { BookingDeps, Db } from './deps.ts';
import { loadFacts, needsApproval, readTimes, ruleContext, type Facts, type Times } from './plan.ts';
import { getBooking, viewsOf } from './repo.ts';
import { loadDisabledPeriods, type ResourceInfo } from './resources.ts';
import { checkRules } from './rules/index.ts';
import type { BookingView, CreateBooking, Recurrence } from './schema.ts';
import type { BookingSettings } from './settings.ts';
import { conflictRanges, SlotTaken, type Range } from './slots.ts';
import { writeTx } from './write.ts';
import { insertBooking, PendingEvents } from './write.ts';

// Under ESM only the default export of rrule is usable.
const { RRule } = rrule;
const WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];
/** Two years of daily meetings: more is a mistake, and would hold a long transaction. */
export const MAX_OCCURRENCES = 732;

function utcDate(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

/** The rule as rrule options, on floating dates (UTC midnight); the times are applied per date in the resource's zone. */
export function toRRule(firstDate: string, r: Recurrence): InstanceType<typeof RRule> {
  const dtstart = utcDate(firstDate);
  const freq = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY }[r.freq];
  const weekday = dtstart.getUTCDay();
  let byweekday: Array<(typeof WEEKDAYS)[number]> | null = null;
  let bymonthday: number[] | null = null;
  if (r.freq === 'weekly') byweekday = (r.byWeekday?.length ? r.byWeekday : [weekday]).map((w) => WEEKDAYS[w]!);
  if (r.freq === 'monthly') {
    if (r.bySetPos !== undefined)
      byweekday = (r.byWeekday?.length ? r.byWeekday : [weekday]).map((w) => WEEKDAYS[w]!.nth(r.bySetPos!));
    else bymonthday = r.byMonthDay?.length ? r.byMonthDay : [dtstart.getUTCDate()];
  }
  return new RRule({
    freq,
    interval: r.interval,
    dtstart,
    byweekday,
    bymonthday,
    count: r.count ?? null,
    until: r.until ? new Date(utcDate(r.until).getTime() + 86_399_999) : null,
  });
}

/** The dates of a series. One date past the cap is enough to refuse it: cutting the series short would book less than was asked. */
export function expandDates(firstDate: string, r: Recurrence): string[] {
  if (r.until && r.until < firstDate) throw new BadRequestError('bookings.recurrenceInvalid');
  const dates = toRRule(firstDate, r)
    .all((_, i) => i <= MAX_OCCURRENCES)
    .map((d) => d.toISOString().slice(0, 10));
  if (dates.length === 0) throw new BadRequestError('bookings.recurrenceInvalid');
  if (dates.length > MAX_OCCURRENCES) throw new BadRequestError('bookings.recurrenceTooLong', { max: MAX_OCCURRENCES });
  return dates;
}

export interface Occurrence {
  date: string;
  startAt: number;
  endAt: number;
  ok: boolean;
  failures: Array<{ key: string; msg: string }>;
  conflicts: Range[];
  price: number;
  times: Times;
}

/** Checks every date against the rules and the slots (read-only); `facts` is updated as if the accepted ones were booked. */
async function evaluate(
  db: Db,
  deps: BookingDeps,
  actor: Actor,
  resource: ResourceInfo,
  settings: BookingSettings,
  input: CreateBooking,
  dates: string[],
  facts: Facts,
): Promise<Occurrence[]> {
  const now = deps.clock.now();
  const all = dates.map((date) => readTimes(resource, { ...input, meetingDate: date }));
  const first = all[0]!.startAt;
  const last = all[all.length - 1]!.endAt;
  // Two queries for the whole span (a primary-key range of the slot table), not two per occurrence.
  const [disabled, taken, busyOutside] = await Promise.all([
    loadDisabledPeriods(db, { ids: [resource.id] }, first, last),
    conflictRanges(db, resource.id, first, last),
    deps.calendarSyncService.busyOutside([resource.id], first, last),
  ]);
  const out: Occurrence[] = [];
  for (const { skipped, ...times } of all) {
    const ctx = ruleContext({ now, actor, resource, times, settings, facts, disabled, busyOutside });
    // A date whose time the clocks skip has no real instants to check rules or slots against.
    const failures = (skipped ? [skipped] : checkRules(ctx)).map((f) => ({
      key: f.key,
      msg: t(actor.lang, f.key, f.params ?? {}),
    }));
    const conflicts = skipped ? [] : taken.filter((r) => r.startAt < times.endAt && r.endAt > times.startAt);
    const ok = failures.length === 0 && conflicts.length === 0;
    if (ok) {
      facts.activeCount++;
      facts.balance -= ctx.price;
    }
    out.push({
      date: times.meetingDate,
      startAt: times.startAt,
      endAt: times.endAt,
      ok,
      failures,
      conflicts,
      price: ctx.price,
      times,
    });
  }
  return out;
}

const publicOccurrence = (o: Occurrence) => ({
  date: o.date,
  startAt: o.startAt,
  endAt: o.endAt,
  ok: o.ok,
  failures: o.failures,
  conflicts: o.conflicts,
});

function checkAllowed(actor: Actor, settings: BookingSettings): void {
  if (!settings.useCircle) throw new BusinessRuleError('bookings.recurrenceDisabled');
  if (!can(actor, 'bookings.bookSeries')) throw new ForbiddenError();
}

export async function previewSeries(deps: BookingDeps, actor: Actor, input: CreateBooking) {
  if (!input.recurrence) throw new BadRequestError('bookings.recurrenceInvalid');
  const { settings, resource } = await prepareCreate(deps, actor, input);
  checkAllowed(actor, settings);
  const dates = expandDates(input.meetingDate, input.recurrence);
  const facts = await loadFacts(deps.db, deps, actor.userId, deps.clock.now());
  const balance = facts.balance;
  const occurrences = await evaluate(deps.db, deps, actor, resource, settings, input, dates, facts);
  return {
    occurrences: occurrences.map(publicOccurrence),
    okCount: occurrences.filter((o) => o.ok).length,
    quote: creditQuote(settings.useCredit, seriesPrice(occurrences), balance),
  };
}

/**
 * The price of the dates the series would book were the balance enough (R10.5): a date refused only for the
 * balance counts, one refused for anything else does not.
 */
function seriesPrice(occurrences: Occurrence[]): number {
  const payable = (o: Occurrence) =>
    o.conflicts.length === 0 && o.failures.every((f) => f.key === 'bookings.insufficientBalance');
  return occurrences.filter(payable).reduce((sum, o) => sum + o.price, 0);
}

export interface SeriesResult {
  series: { id: number; rrule: string; firstDate: string; untilDate: string | null };
  bookings: BookingView[];
  skipped: Array<ReturnType<typeof publicOccurrence>>;
}

export async function createSeries(deps: BookingDeps, actor: Actor, input: CreateBooking): Promise<SeriesResult> {
  const recurrence = input.recurrence!;
  const { settings, resource, fields } = await prepareCreate(deps, actor, input);
  checkAllowed(actor, settings);
  const dates = expandDates(input.meetingDate, recurrence);
  const rule = toRRule(input.meetingDate, recurrence).toString();
  const events = new PendingEvents();
  const result = await writeTx(deps, events, async (trx) => {
    const now = deps.clock.now();
    const occurrences = await evaluate(
      trx,
      deps,
      actor,
      resource,
      settings,
      input,
      dates,
      await loadFacts(trx, deps, actor.userId, now),
    );
    const refused = occurrences.filter((o) => !o.ok);
    if (refused.length && input.conflictPolicy === 'fail') {
      const details = { occurrences: refused.map(publicOccurrence), ranges: refused.flatMap((o) => o.conflicts) };
      if (refused.some((o) => o.conflicts.length))
        throw new ConflictError('bookings.seriesConflict', { count: refused.length }, details);
      throw new BusinessRuleError('bookings.seriesRefused', { count: refused.length }, details);
    }
    const accepted = occurrences.filter((o) => o.ok);
    if (accepted.length === 0)
      throw new BusinessRuleError('bookings.seriesEmpty', {}, { occurrences: refused.map(publicOccurrence) });
    const lastDate = dates[dates.length - 1]!;
    const [sid] = await trx('booking_series').insert({
      resource_id: resource.id,
      organiser_id: actor.userId,
      recurrence: JSON.stringify(recurrence),
      rrule: rule,
      first_date: input.meetingDate,
      until_date: lastDate,
      start_time: input.wholeDay ? null : input.startTime,
      end_time: input.wholeDay ? null : input.endTime,
      whole_day: input.wholeDay === true,
      subject: input.subject,
      state: 'active',
      created_at: now,
      updated_at: now,
    });
    const seriesId = Number(sid);
    const pending = needsApproval(resource, actor.userId, settings);
    const ids: number[] = [];
    const skipped = [...refused];
    for (const o of accepted) {
      const write = (tx: typeof trx) =>
        insertBooking(tx, {
          now,
          resource,
          times: o.times,
          organiserId: actor.userId,
          fields,
          settings,
          pending,
          price: o.price,
          seriesId,
          seriesDate: o.date,
        });
      if (input.conflictPolicy === 'fail') {
        ids.push(await write(trx));
        continue;
      }
      // skip: a savepoint per occurrence, so a slot taken meanwhile by a racing booking skips just that date.
      try {
        ids.push(await trx.transaction((sp) => write(sp)));
      } catch (err) {
        if (!(
          err instanceof SlotTaken ||
          (err instanceof BusinessRuleError && err.key === 'bookings.insufficientBalance')
        ))
          throw err;
        skipped.push({ ...o, ok: false, conflicts: [{ startAt: o.startAt, endAt: o.endAt }] });
      }
    }
    if (ids.length === 0)
      throw new BusinessRuleError('bookings.seriesEmpty', {}, { occurrences: skipped.map(publicOccurrence) });
    for (const id of ids) events.add('booking.created', id, actor.userId);
    if (pending) for (const id of ids) events.add('booking.approvalRequested', id, actor.userId);
    return { seriesId, ids, skipped, lastDate };
  });
  const rows = await Promise.all(result.ids.map((id) => getBooking(deps.db, id)));
  return {
    series: { id: result.seriesId, rrule: rule, firstDate: input.meetingDate, untilDate: result.lastDate },
    bookings: await viewsOf(deps, rows, actor),
    skipped: result.skipped.sort((a, b) => a.startAt - b.startAt).map(publicOccurrence),
  };
}
