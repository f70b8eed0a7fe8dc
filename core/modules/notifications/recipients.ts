/**
 * Who hears about what. Booking news goes to the organiser, with the attendees
 * (inner users and outer guests) in copy — unless the noCC option is set, in
 * which case only the organiser is told and attendees get nothing (not even
 * the calendar invitation: the organiser forwards it if they wish); the same
 * when attendees are switched off (useAttendee). The other option flags
 * (qrInDetail, hideRoomTip, useCredit, copyright) concern screens, not
 * messages. Approval
 * requests and withdrawals go to the resource's approvers; decisions to the
 * organiser; user events to the user.
 */
import type { Knex } from 'knex';
import type { BookingSnapshot } from '../../event-types.ts';
import { DEFAULT_LANG, resolveLang, type Lang } from '../../i18n/index.ts';
import type { NotifyRecipient } from '../../plugin-sdk/index.ts';
import type { TemplateEvent } from './events.ts';

export interface Person extends NotifyRecipient {
  lang: Lang;
  role: 'to' | 'cc';
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

export const isPending = (b: BookingSnapshot) => b.state === 'pending' || b.checkStatus === 4;

export async function usersById(db: Knex, ids: number[]): Promise<Map<number, Omit<Person, 'role'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db('users')
    .whereIn('id', [...new Set(ids)])
    .where('status', 1)
    .select('id', 'username', 'real_name', 'email', 'lang', 'external_id');
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        userId: Number(r.id),
        username: String(r.username),
        name: String(r.real_name || r.username),
        email: r.email ?? null,
        externalId: r.external_id ?? null,
        lang: r.lang ? resolveLang(String(r.lang)) : DEFAULT_LANG,
      },
    ]),
  );
}

export async function bookingRecipients(
  db: Knex,
  event: TemplateEvent,
  b: BookingSnapshot,
  noCC: boolean,
): Promise<{ people: Person[]; organiser?: Omit<Person, 'role'> }> {
  const users = await usersById(db, [b.organiserId, ...b.innerAttendeeIds]);
  const organiser = users.get(b.organiserId);
  if (APPROVER_EVENTS.has(event)) {
    const ids = (await db('resource_approvers').where({ resource_id: b.resourceId }).pluck('user_id')).map(Number);
    const approvers = await usersById(db, ids);
    return { people: [...approvers.values()].map((a) => ({ ...a, role: 'to' as const })), organiser };
  }
  const people: Person[] = organiser ? [{ ...organiser, role: 'to' }] : [];
  // Attendees hear of a meeting once it is on: not while it waits for approval.
  if (ATTENDEE_EVENTS.has(event) && !noCC && !isPending(b)) {
    for (const id of b.innerAttendeeIds) {
      const u = users.get(id);
      if (u && id !== b.organiserId) people.push({ ...u, role: 'cc' });
    }
    for (const guest of b.outerAttendees)
      people.push({ name: guest.name, email: guest.email, lang: organiser?.lang ?? DEFAULT_LANG, role: 'cc' });
  }
  return { people, organiser };
}

/** One message per language: a recipient reads their own language (users.lang, default cn). */
export function byLanguage(people: Person[]): Map<Lang, { to: NotifyRecipient[]; cc: NotifyRecipient[] }> {
  const groups = new Map<Lang, { to: NotifyRecipient[]; cc: NotifyRecipient[] }>();
  for (const { lang, role, ...r } of people) {
    const g = groups.get(lang) ?? { to: [], cc: [] };
    g[role].push(r);
    groups.set(lang, g);
  }
  // A language group of copies only: its people are the addressees of their message.
  for (const g of groups.values()) if (g.to.length === 0) [g.to, g.cc] = [g.cc, []];
  return groups;
}
