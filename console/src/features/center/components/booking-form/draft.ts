/**
 * The booking form's draft: made for a chosen resource and time, changed through one reducer, checked by the
 * server's limits (docs/product-rules.md R4.1, R5) before it is sent, and turned into the body POST /bookings
 * and POST /bookings/preview expect.
 */
import type { FieldErrors } from '../../../../components/crud/index.ts';
import type { Attendee, BookingInput, Occurrence, Recurrence } from '../../api.ts';

/** What the form books: a resource, a date and a time range chosen on a booking screen. */
export interface BookingTarget {
  resourceId: number;
  resourceName: string;
  date: string;
  startTime: string;
  endTime: string;
}

export interface BookingDraft {
  subject: string;
  phone: string;
  employeeId: string;
  remarks: string;
  innerAttendees: number[];
  guests: Attendee[];
  reminderMinutes: number;
  repeat: boolean;
  recurrence: Recurrence;
  /** The dates the server checked for the recurrence as it is now; null until asked, and again after a change. */
  preview: Occurrence[] | null;
  /** Book the dates that are free and skip the conflicting ones. */
  skip: boolean;
}

type Plain = 'subject' | 'phone' | 'employeeId' | 'remarks' | 'innerAttendees' | 'reminderMinutes';

export type DraftAction =
  | { type: 'reset'; draft: BookingDraft }
  | { type: 'set'; patch: { [K in Plain]?: BookingDraft[K] } }
  /** The signed-in user's employee number, once known: fills the field while it is still empty. */
  | { type: 'employeeNo'; value: string }
  | { type: 'addGuest' }
  | { type: 'guest'; index: number; patch: Partial<Attendee> }
  | { type: 'removeGuest'; index: number }
  | { type: 'repeat'; on: boolean }
  | { type: 'recurrence'; recurrence: Recurrence }
  | { type: 'preview'; occurrences: Occurrence[] }
  | { type: 'skip'; on: boolean };

/** Weekly on the booking's weekday, four times. */
export function defaultRecurrence(date: string): Recurrence {
  const weekday = new Date(`${date}T12:00:00`).getDay();
  return { freq: 'weekly', interval: 1, byWeekday: [weekday], count: 4 };
}

export function emptyDraft(date: string, employeeNo = ''): BookingDraft {
  return {
    subject: '',
    phone: '',
    employeeId: employeeNo,
    remarks: '',
    innerAttendees: [],
    guests: [],
    reminderMinutes: 15,
    repeat: false,
    recurrence: defaultRecurrence(date),
    preview: null,
    skip: false,
  };
}

export function draftReducer(d: BookingDraft, a: DraftAction): BookingDraft {
  switch (a.type) {
    case 'reset':
      return a.draft;
    case 'set':
      return { ...d, ...a.patch };
    case 'employeeNo':
      return d.employeeId ? d : { ...d, employeeId: a.value };
    case 'addGuest':
      return { ...d, guests: [...d.guests, { name: '', email: '' }] };
    case 'guest':
      return { ...d, guests: d.guests.map((g, i) => (i === a.index ? { ...g, ...a.patch } : g)) };
    case 'removeGuest':
      return { ...d, guests: d.guests.filter((_, i) => i !== a.index) };
    // A changed recurrence has not been checked: its preview and the choice to skip go.
    case 'repeat':
      return { ...d, repeat: a.on, preview: null, skip: false };
    case 'recurrence':
      return { ...d, recurrence: a.recurrence, preview: null, skip: false };
    case 'preview':
      return { ...d, preview: a.occurrences, skip: false };
    case 'skip':
      return { ...d, skip: a.on };
  }
}

/** The dates of the preview that cannot be booked. */
export const conflictsOf = (d: BookingDraft): Occurrence[] => (d.preview ?? []).filter((o) => !o.ok);

/** The body of POST /bookings (and of its preview); the conflict policy only once the dates were checked. */
export function inputOf(target: BookingTarget, d: BookingDraft): BookingInput {
  const optional = (s: string) => s.trim() || undefined;
  return {
    resourceId: target.resourceId,
    meetingDate: target.date,
    startTime: target.startTime,
    endTime: target.endTime,
    subject: d.subject.trim(),
    phone: optional(d.phone),
    employeeId: optional(d.employeeId),
    remarks: optional(d.remarks),
    innerAttendees: d.innerAttendees,
    outerAttendees: d.guests
      .filter((g) => g.name.trim() || g.email.trim())
      .map((g) => ({ name: g.name.trim(), email: g.email.trim() })),
    reminderMinutes: d.reminderMinutes,
    ...(d.repeat
      ? {
          recurrence: { ...d.recurrence, until: d.recurrence.until || undefined },
          ...(d.preview ? { conflictPolicy: d.skip ? ('skip' as const) : ('fail' as const) } : {}),
        }
      : {}),
  };
}

type Translate = (key: string) => string;

/** A guest's name goes into mail headers: one line (as the server's OuterAttendee). */
const ONE_LINE = /^[^\p{Cc}\p{Zl}\p{Zp}]*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's limits on a new booking (core/modules/bookings/schema.ts), by the form's field ids. */
export function validate(d: BookingDraft, needPhone: boolean, t: Translate): FieldErrors {
  const e: FieldErrors = {};
  if (!d.subject.trim()) e.subject = t('form.required');
  const phone = d.phone.trim();
  if ((needPhone || phone) && (phone.length < 3 || phone.length > 20)) e.phone = t('form.phoneRule');
  if (!d.employeeId.trim()) e.employeeId = t('form.required');
  const badGuest = (g: Attendee) =>
    !g.name.trim() || g.name.trim().length > 100 || !ONE_LINE.test(g.name) || !EMAIL.test(g.email.trim());
  if (d.guests.filter((g) => g.name.trim() || g.email.trim()).some(badGuest)) e.outerAttendees = t('form.outerRule');
  const r = d.recurrence;
  if (d.repeat && r.freq === 'weekly' && !(r.byWeekday ?? []).length) e.recurrence = t('rec.needDay');
  if (d.repeat && r.count === undefined && !r.until) e.recurrence = t('rec.needRange');
  return e;
}
