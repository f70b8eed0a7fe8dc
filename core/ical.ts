/**
 * Atrium's iCalendar (RFC 5545) documents, written by ical-generator: escaping, folding and time stamps are the
 * library's. This adapter only decides what Atrium says: one VEVENT per booking or one recurring VEVENT per series
 * (RRULE, EXDATE for the dates it no longer holds, a VEVENT with RECURRENCE-ID per occurrence changed alone, all
 * with the series' UID), always an ORGANIZER, and the times in the resource's zone with its VTIMEZONE (UTC when the
 * zone is UTC): a weekly meeting at 09:00 stays at 09:00 across a change of the clocks only when its rule is
 * expanded in the room's zone, and the VTIMEZONE spares clients that do not know the zone's name a guess.
 *
 * Subjects, remarks and names come from users. The library escapes TEXT values and turns line breaks into `\n`;
 * other control characters are removed here first, and a double quote (which a parameter value cannot hold) in a
 * name becomes a single one, so no value can start a content line of the user's choosing.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalAttendeeData,
  type ICalEventData,
} from 'ical-generator';
import { DateTime } from 'luxon';
import rrule from 'rrule';

const { RRule } = rrule;

export interface IcalPerson {
  name: string;
  email: string;
}

/** The rule of a series, as Atrium stores it (booking_series.recurrence); occurrences keep their wall-clock time. */
export interface IcalRecurrence {
  freq: 'daily' | 'weekly' | 'monthly';
  interval: number;
  byWeekday?: number[];
  byMonthDay?: number[];
  bySetPos?: number;
}

export interface IcalEvent {
  uid: string;
  sequence: number;
  startAt: number;
  endAt: number;
  /** The resource's IANA zone: DTSTART/DTEND (and the rule) are written in it. */
  timeZone: string;
  summary: string;
  location?: string | null;
  description?: string | null;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  organiser: IcalPerson;
  /** `declined`: in a REPLY, the attendee who answers no. */
  attendees?: Array<IcalPerson & { chair?: boolean; declined?: boolean }>;
  /** A series: its rule, the start of its last occurrence (UNTIL) and the starts of the dates it does not hold. */
  repeat?: { rule: IcalRecurrence; lastStartAt: number; exdates: number[] };
  /** An occurrence of a series on its own: the start it had in the series. */
  recurrenceId?: number;
}

export interface IcalDocument {
  /** REPLY: an attendee's answer (a room declining an event written into its calendar, iTIP RFC 5546). */
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH' | 'REPLY';
  prodId: { company: string; product: string };
  name?: string;
  now: number;
  events: IcalEvent[];
}

/** Control characters other than HTAB and line breaks; line breaks are the library's to escape. */
const CONTROLS = /[^\P{Cc}\t\n\r]/gu;
/** A TEXT value as the library should see it: the user's line breaks kept, other controls removed. */
export const icalText = (s: string) => s.replace(/\r\n?/g, '\n').replace(CONTROLS, '');
/** A CN parameter: one line, no controls, no double quote (RFC 5545 §3.2 has no escape for one). */
export const icalName = (s: string) => s.replace(/\p{Cc}+/gu, ' ').replace(/"/g, "'");
/** An address as a CAL-ADDRESS: nothing that could end the line or the value. */
export const icalAddress = (email: string) => email.replace(/[\s\p{Cc}"]/gu, '');

const isUtc = (zone: string) => ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Z'].includes(zone);
const WEEKDAYS = [RRule.SU, RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA];

const offset = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
};
const local = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("yyyyMMdd'T'HHmmss");

/**
 * The VTIMEZONE of `zone` over [from, to], from the same zone data Atrium computes its occurrences with (Intl): its
 * offset at `from` and each change of the clocks until `to`, found by the hour and then to the minute.
 */
export function vtimezone(zone: string, from: number, to: number): string {
  const at = (ms: number) => DateTime.fromMillis(ms, { zone }).offset;
  const HOUR = 3_600_000;
  const start = DateTime.fromMillis(from, { zone: 'UTC' }).startOf('year').toMillis();
  const end = to + 366 * 24 * HOUR;
  const observances: Array<{ at: number; from: number; to: number; dst: boolean; name: string }> = [];
  const nameAt = (ms: number) => DateTime.fromMillis(ms, { zone }).offsetNameShort ?? zone;
  const isDst = (ms: number) => DateTime.fromMillis(ms, { zone }).isInDST;
  observances.push({ at: start, from: at(start), to: at(start), dst: isDst(start), name: nameAt(start) });
  let prev = at(start);
  for (let ms = start + HOUR; ms <= end; ms += HOUR) {
    const now = at(ms);
    if (now === prev) continue;
    let lo = ms - HOUR;
    let hi = ms;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (at(mid) === prev) lo = mid;
      else hi = mid;
    }
    observances.push({ at: hi, from: prev, to: now, dst: isDst(hi), name: nameAt(hi) });
    prev = now;
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  for (const o of observances) {
    const kind = o.dst ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART of an observance is the local time it begins, read with the offset in force before it (§3.6.5).
    const begins = DateTime.fromMillis(o.at + o.from * 60_000, { zone: 'UTC' }).toFormat("yyyyMMdd'T'HHmmss");
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${begins}`,
      `TZOFFSETFROM:${offset(o.from)}`,
      `TZOFFSETTO:${offset(o.to)}`,
      `TZNAME:${icalName(o.name).replace(/[;:,\\]/g, '')}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** The RRULE (and EXDATE) lines of a series, UNTIL being its last occurrence's start (inclusive, in UTC). */
function repeating(e: IcalEvent): string | undefined {
  if (!e.repeat) return undefined;
  const { rule, lastStartAt, exdates } = e.repeat;
  const firstDay = DateTime.fromMillis(e.startAt, { zone: e.timeZone });
  const weekday = firstDay.weekday % 7;
  let byweekday: Array<(typeof WEEKDAYS)[number]> | null = null;
  let bymonthday: number[] | null = null;
  if (rule.freq === 'weekly')
    byweekday = (rule.byWeekday?.length ? rule.byWeekday : [weekday]).map((w) => WEEKDAYS[w]!);
  if (rule.freq === 'monthly') {
    if (rule.bySetPos !== undefined)
      byweekday = (rule.byWeekday?.length ? rule.byWeekday : [weekday]).map((w) => WEEKDAYS[w]!.nth(rule.bySetPos!));
    else bymonthday = rule.byMonthDay?.length ? rule.byMonthDay : [firstDay.day];
  }
  const freq = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY }[rule.freq];
  const line = RRule.optionsToString({
    freq,
    interval: rule.interval,
    byweekday,
    bymonthday,
    until: new Date(lastStartAt),
  });
  const zone = isUtc(e.timeZone) ? undefined : e.timeZone;
  const ex = exdates.length
    ? zone
      ? `\nEXDATE;TZID=${zone}:${exdates.map((ms) => local(ms, zone)).join(',')}`
      : `\nEXDATE:${exdates.map((ms) => `${local(ms, 'UTC')}Z`).join(',')}`
    : '';
  return line + ex;
}

function eventData(e: IcalEvent, now: number): ICalEventData {
  const zone = isUtc(e.timeZone) ? undefined : e.timeZone;
  const when = (ms: number) => (zone ? DateTime.fromMillis(ms, { zone }) : new Date(ms));
  const attendee = (p: IcalPerson & { chair?: boolean; declined?: boolean }): ICalAttendeeData => ({
    name: icalName(p.name),
    email: icalAddress(p.email),
    role: p.chair ? ICalAttendeeRole.CHAIR : ICalAttendeeRole.REQ,
    status: p.declined
      ? ICalAttendeeStatus.DECLINED
      : p.chair
        ? ICalAttendeeStatus.ACCEPTED
        : ICalAttendeeStatus.NEEDSACTION,
    rsvp: !p.chair && !p.declined,
  });
  return {
    id: e.uid,
    sequence: e.sequence,
    stamp: new Date(now),
    start: when(e.startAt),
    end: when(e.endAt),
    ...(zone ? { timezone: zone } : {}),
    ...(e.recurrenceId !== undefined ? { recurrenceId: when(e.recurrenceId) } : {}),
    ...(e.repeat ? { repeating: repeating(e)! } : {}),
    summary: icalText(e.summary),
    ...(e.location ? { location: icalText(e.location) } : {}),
    ...(e.description ? { description: icalText(e.description) } : {}),
    organizer: { name: icalName(e.organiser.name), email: icalAddress(e.organiser.email) },
    attendees: (e.attendees ?? []).map(attendee),
    status: ICalEventStatus[e.status],
  };
}

/** The document: VCALENDAR with METHOD, the VTIMEZONEs its events use, the events; CRLF throughout. */
export function icalDocument(doc: IcalDocument): string {
  const starts = doc.events.flatMap((e) => [e.startAt, e.repeat?.lastStartAt ?? e.endAt]);
  const from = Math.min(...starts, doc.now);
  const to = Math.max(...starts, doc.now);
  const zones = new Map<string, string>();
  const cal = ical({
    prodId: { company: doc.prodId.company, product: doc.prodId.product, language: 'EN' },
    method: ICalCalendarMethod[doc.method],
    // The library writes the calendar's name as it is given: one line, no controls.
    ...(doc.name ? { name: doc.name.replace(/\p{Cc}+/gu, ' ') } : {}),
    timezone: {
      name: null,
      generator: (zone: string) => zones.get(zone) ?? zones.set(zone, vtimezone(zone, from, to)).get(zone)!,
    },
  });
  for (const e of doc.events) cal.createEvent(eventData(e, doc.now));
  return cal.toString().replace(/(\r\n)?$/, '\r\n');
}
