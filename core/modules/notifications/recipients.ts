/**
 * Who hears about what. Booking news goes to the organiser, with the attendees
 * (inner users and outer guests) in copy — unless the noCC option is set, in
 * which case only the organiser is told and attendees get nothing (not even
 * the calendar invitation: the organiser forwards it if they wish); the same
 * when attendees are switched off (useAttendee). The other option flags
 * (qrInDetail, hideRoomTip, useCredit, copyright) concern screens, not
 * messages. Approval
 * requests and withdrawals go to the resource's approvers (see deciders);
 * decisions to the organiser; user events to the user. The check-in code goes
 * to the organiser and inner attendees only (see Person.seesCode).
 */
import type { Knex } from 'knex';
import { codesOf, type Capability } from '../../actor.ts';
import type { BookingSnapshot } from '../../event-types.ts';
import { awaitsApproval } from '../bookings/lifecycle.ts';
import { defaultLang, resolveLang, type Lang } from '../../i18n/index.ts';
import type { NotifyRecipient } from '../../plugin-sdk/index.ts';
import type { TemplateEvent } from './events.ts';
import { holdersOfPermissions } from '../roles/index.ts';
import { enabledUsersById } from '../users/index.ts';

export interface Person extends NotifyRecipient {
  lang: Lang;
  role: 'to' | 'cc';
  /**
   * Told the check-in code, which opens the room: the organiser and the inner attendees. Guests from outside
   * and approvers get messages of their own without it.
   */
  seesCode: boolean;
}

/** Events whose news also concerns the attendees (the meeting itself changed). */
const ATTENDEE_EVENTS: ReadonlySet<TemplateEvent> = new Set([
  'booking.created',
  'booking.updated',
  'booking.cancelled',
  'booking.reminder',
  'booking.approved',
  'booking.autoCancelled',
]);
const APPROVER_EVENTS: ReadonlySet<TemplateEvent> = new Set(['booking.approvalRequested', 'booking.revoked']);

export const isPending = (b: BookingSnapshot) => awaitsApproval(b.state);

export async function usersById(db: Knex, ids: number[]): Promise<Map<number, Omit<Person, 'role' | 'seesCode'>>> {
  return new Map(
    (await enabledUsersById(db, ids)).map((r) => [
      r.id,
      {
        userId: r.id,
        username: r.username,
        name: r.realName || r.username,
        email: r.email,
        externalId: r.externalId,
        lang: r.lang ? resolveLang(r.lang) : defaultLang(),
      },
    ]),
  );
}

export async function bookingRecipients(
  db: Knex,
  event: TemplateEvent,
  b: BookingSnapshot,
  noCC: boolean,
): Promise<{ people: Person[]; organiser?: Omit<Person, 'role' | 'seesCode'> }> {
  const users = await usersById(db, [b.organiserId, ...b.innerAttendeeIds]);
  const organiser = users.get(b.organiserId);
  if (APPROVER_EVENTS.has(event)) {
    const approvers = await usersById(db, await deciders(db, b));
    return {
      people: [...approvers.values()].map((a) => ({ ...a, role: 'to' as const, seesCode: false })),
      organiser,
    };
  }
  const people: Person[] = organiser ? [{ ...organiser, role: 'to', seesCode: true }] : [];
  // Attendees hear of a meeting once it is on: not while it waits for approval.
  if (ATTENDEE_EVENTS.has(event) && !noCC && !isPending(b)) {
    for (const id of b.innerAttendeeIds) {
      const u = users.get(id);
      if (u && id !== b.organiserId) people.push({ ...u, role: 'cc', seesCode: true });
    }
    for (const guest of b.outerAttendees)
      people.push({
        name: guest.name,
        email: guest.email,
        lang: organiser?.lang ?? defaultLang(),
        role: 'cc',
        seesCode: false,
      });
  }
  return { people, organiser };
}

/**
 * Who may decide a booking's request: the resource's approvers other than its organiser (nobody decides on their
 * own booking), or the booking administrators (bookings.manageAny) where the organiser is the only approver.
 */
async function deciders(db: Knex, b: BookingSnapshot): Promise<number[]> {
  const approvers = (await db('resource_approvers').where({ resource_id: b.resourceId }).pluck('user_id'))
    .map(Number)
    .filter((id) => id !== b.organiserId);
  if (approvers.length) return approvers;
  return (await holdersOfPermissions(db, codesOf('bookings.manageAny'))).filter((id) => id !== b.organiserId);
}

/** The enabled users holding a capability through their roles (its administrators), each with their language. */
export async function holdersOfCapability(
  db: Knex,
  capability: Capability,
): Promise<Array<Omit<Person, 'role' | 'seesCode'>>> {
  return [...(await usersById(db, await holdersOfPermissions(db, codesOf(capability)))).values()];
}

export interface Audience {
  lang: Lang;
  seesCode: boolean;
  to: NotifyRecipient[];
  cc: NotifyRecipient[];
}

/**
 * One message per language (users.lang, default cn) and per whether its readers are told the check-in code:
 * a copy to a guest never carries what the organiser's message does.
 */
export function byAudience(people: Person[]): Audience[] {
  const groups = new Map<string, Audience>();
  for (const { lang, role, seesCode, ...r } of people) {
    const key = `${lang}|${seesCode}`;
    const g = groups.get(key) ?? { lang, seesCode, to: [], cc: [] };
    g[role].push(r);
    groups.set(key, g);
  }
  // A group of copies only: its people are the addressees of their message.
  for (const g of groups.values()) if (g.to.length === 0) [g.to, g.cc] = [g.cc, []];
  return [...groups.values()];
}
