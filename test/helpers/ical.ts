/** Reads Atrium's iCalendar documents with ical.js, as a calendar client would: the tests' view of them. */
import ICAL from 'ical.js';

export interface ReadPerson {
  cn: string;
  email: string;
  role?: string;
  partstat?: string;
}

export interface ReadEvent {
  uid: string;
  sequence: number;
  start: number;
  end: number;
  /** The TZID of DTSTART (undefined in UTC). */
  tzid?: string;
  recurrenceId?: number;
  summary: string;
  location: string;
  description: string;
  status: string;
  organizer?: ReadPerson;
  attendees: ReadPerson[];
  rrule?: string;
  exdates: number[];
  component: ICAL.Component;
}

export interface ReadCalendar {
  method: string;
  timezones: string[];
  events: ReadEvent[];
  vcalendar: ICAL.Component;
}

const mail = (v: unknown) => String(v).replace(/^mailto:/i, '');
const person = (p: ICAL.Property | null): ReadPerson | undefined =>
  p
    ? {
        cn: String(p.getParameter('cn') ?? ''),
        email: mail(p.getFirstValue()),
        role: p.getParameter('role') as string | undefined,
        partstat: p.getParameter('partstat') as string | undefined,
      }
    : undefined;

/** Parses a document (registering its VTIMEZONEs, so zoned times read as the instants they mean). */
export function readCalendar(text: string): ReadCalendar {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  const timezones = vcalendar.getAllSubcomponents('vtimezone').map((vtz) => {
    const tz = new ICAL.Timezone(vtz);
    ICAL.TimezoneService.register(tz, tz.tzid);
    return tz.tzid;
  });
  const events = vcalendar.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    const dtstart = c.getFirstProperty('dtstart')!;
    const tzid = dtstart.getParameter('tzid') as string | undefined;
    return {
      uid: e.uid,
      sequence: e.sequence,
      start: e.startDate.toJSDate().getTime(),
      end: e.endDate.toJSDate().getTime(),
      tzid,
      recurrenceId: e.recurrenceId ? e.recurrenceId.toJSDate().getTime() : undefined,
      summary: e.summary ?? '',
      location: e.location ?? '',
      description: e.description ?? '',
      status: String(c.getFirstPropertyValue('status') ?? ''),
      organizer: person(c.getFirstProperty('organizer')),
      attendees: c.getAllProperties('attendee').map((p) => person(p)!),
      rrule: c.getFirstPropertyValue('rrule')?.toString(),
      exdates: c
        .getAllProperties('exdate')
        .flatMap((p) => p.getValues() as ICAL.Time[])
        .map((t) => t.toJSDate().getTime()),
      component: c,
    };
  });
  return { method: String(vcalendar.getFirstPropertyValue('method') ?? ''), timezones, events, vcalendar };
}

/**
 * The occurrences a calendar client shows for one UID: the recurring event expanded (ical.js's iterator, EXDATEs
 * applied), each replaced by its RECURRENCE-ID override where there is one; as [start, end] pairs in time order.
 */
export function occurrencesOf(cal: ReadCalendar, uid: string, until = Date.UTC(2100, 0)): Array<[number, number]> {
  const all = cal.events.filter((e) => e.uid === uid);
  const master = all.find((e) => e.recurrenceId === undefined);
  const overrides = new Map(all.filter((e) => e.recurrenceId !== undefined).map((e) => [e.recurrenceId!, e]));
  if (!master) return [...overrides.values()].map((e) => [e.start, e.end]);
  const event = new ICAL.Event(master.component);
  for (const o of overrides.values()) event.relateException(o.component);
  const out: Array<[number, number]> = [];
  if (!event.isRecurring()) return [[master.start, master.end]];
  const it = event.iterator();
  for (let next = it.next(); next; next = it.next()) {
    const at = next.toJSDate().getTime();
    if (at > until) break;
    const d = event.getOccurrenceDetails(next);
    out.push([d.startDate.toJSDate().getTime(), d.endDate.toJSDate().getTime()]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}
