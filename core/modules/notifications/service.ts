/**
 * Turns recorded changes into messages: who is told (recipients.ts), in their
 * own language (templates), with an iCalendar part where the meeting itself
 * changed, for the selected notify provider. The change dispatcher queues them
 * in the outbox (this service is its `notify` target). Also sends each booking's
 * reminder once, tells administrators what needs their attention (noticeToHolders), and answers the sign-in's
 * custom notices.
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Logger } from 'pino';
import type { Capability } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { afterCommit } from '../../db/transaction.ts';
import type { AnyEvent, BookingEvent, BookingSnapshot, UserEvent } from '../../event-types.ts';
import type { EventBus } from '../../events.ts';
import type { Lang } from '../../i18n/index.ts';
import type { NotifyMessage } from '../../plugin-sdk/index.ts';
import type { Outbox, OutboxItem, PluginHost } from '../../plugin-host/index.ts';
import { claimReminder, dueReminders, snapshotsOf } from '../bookings/index.ts';
import { localPasswordsChanged, usernameOf } from '../users/index.ts';
import type { CentreService } from './centre-service.ts';
import { isTemplateEvent, type TemplateData, type TemplateEvent } from './events.ts';
import { bookingIcs, seriesPart, splitFrom } from './ics.ts';
import { bookingRecipients, byAudience, holdersOfCapability, isPending, usersById, type Person } from './recipients.ts';
import type { TemplatesService } from './templates-service.ts';
import type { Cradle } from '../../cradle.ts';

export interface NotificationsDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  events: EventBus;
  changeLog: Cradle['changeLog'];
  paramsService: Cradle['paramsService'];
  pluginHost: PluginHost;
  outbox: Outbox;
  templatesService: TemplatesService;
  centreService: CentreService;
}

type Draft = Omit<NotifyMessage, 'id'>;

/** A notice's words in one language: a plain-text subject and body (the HTML part is the body, escaped). */
export interface NoticeText {
  subject: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** REQUEST when the meeting is on or changed, CANCEL when it is off; nothing while it awaits approval. */
function calendarMethod(event: TemplateEvent, b: BookingSnapshot): 'REQUEST' | 'CANCEL' | undefined {
  if (event === 'booking.cancelled' || event === 'booking.autoCancelled') return 'CANCEL';
  if (isPending(b)) return undefined;
  if (event === 'booking.created' || event === 'booking.updated' || event === 'booking.approved') return 'REQUEST';
  return undefined;
}

const names = (people: Array<{ name: string }>) => people.map((p) => p.name).join(', ');

export class NotificationsService {
  constructor(private readonly deps: NotificationsDeps) {}

  /**
   * The messages one recorded change means, as outbox work (none when no notify provider is selected or the
   * event has no template). Reminders are not changes: the reminder job queues them itself.
   */
  async outboxWork(change: AnyEvent): Promise<OutboxItem[]> {
    if (change.name === 'booking.reminder' || !isTemplateEvent(change.name) || 'tabletId' in change.payload) return [];
    const composed = await this.compose(change.name, change.payload);
    return composed ? this.items(change.name, composed) : [];
  }

  /** The messages of an event, rendered now so retries send exactly what was meant at the time. */
  async compose(
    event: TemplateEvent,
    payload: BookingEvent | UserEvent,
  ): Promise<{ provider: string; drafts: Draft[] } | undefined> {
    if (!isTemplateEvent(event)) return undefined;
    const provider = await this.deps.pluginHost.selected('notify');
    if (provider === 'none') return undefined;
    const drafts =
      'booking' in payload ? await this.bookingDrafts(event, payload) : await this.userDrafts(event, payload);
    return { provider, drafts };
  }

  private items(event: TemplateEvent, composed: { provider: string; drafts: Draft[] }): OutboxItem[] {
    return composed.drafts.map((message) => ({
      kind: 'notify',
      provider: composed.provider,
      topic: event,
      payload: { message },
    }));
  }

  private async bookingDrafts(event: TemplateEvent, { booking: b, reason }: BookingEvent): Promise<Draft[]> {
    // A change to a whole series is told once, by its first occurrence's message (R11.9).
    const part = await seriesPart(this.deps.db, event, b);
    if (part === 'silent') return [];
    // noCC: only the organiser is told. With attendees switched off (useAttendee) there is nobody to copy either.
    const noCC =
      (await this.deps.paramsService.hasOption('noCC')) || !(await this.deps.paramsService.get<boolean>('useAttendee'));
    const { people, organiser } = await bookingRecipients(this.deps.db, event, b, noCC);
    const method = calendarMethod(event, b);
    // ORGANIZER: the organiser's address, else the sending account with the organiser's name (R11.9).
    const organiserAddress = organiser?.email || (await this.deps.pluginHost.notifySender());
    const guests = people.filter((p) => p.role === 'cc' && p.email).map((p) => ({ name: p.name, email: p.email! }));
    // A REQUEST has at least one ATTENDEE: the organiser (the chair) when they have an address, and the guests.
    const attendees = [
      ...(organiser?.email ? [{ name: organiser.name, email: organiser.email, chair: true }] : []),
      ...guests,
    ];
    const invite = (of: BookingSnapshot) =>
      method && organiserAddress && attendees.length
        ? bookingIcs(
            this.deps.db,
            method,
            part,
            of,
            { name: organiser?.name ?? '', email: organiserAddress },
            attendees,
            this.deps.clock.now(),
          )
        : undefined;
    const calendar = await invite(b);
    // Split from its series ("this and following" changed): the first part, ending earlier, is sent again.
    const parent = part === 'series' && calendar ? await splitFrom(this.deps.db, event, b) : undefined;
    const parentCalendar = parent === undefined ? undefined : await invite({ ...b, seriesId: parent });
    const booking: TemplateData['booking'] = {
      id: b.id,
      subject: b.subject,
      organiser: organiser?.name ?? '',
      resourceName: b.resourceName,
      location: b.locationName ?? '',
      floor: b.floorName ?? '',
      meetingDate: b.meetingDate,
      startTime: b.startTime,
      endTime: b.endTime,
      timeZone: b.timeZone,
      checkInCode: b.checkInCode,
      remarks: b.remarks ?? '',
      pending: isPending(b),
    };
    const data = { booking, reason: reason ?? undefined };
    const drafts = await this.drafts(event, people, data, calendar);
    return parentCalendar ? [...(await this.drafts(event, people, data, parentCalendar)), ...drafts] : drafts;
  }

  private async userDrafts(event: TemplateEvent, p: UserEvent & { daysLeft?: number }): Promise<Draft[]> {
    const user = (await usersById(this.deps.db, [p.userId])).get(p.userId);
    if (!user) return [];
    const releaseDate = p.releaseAt ? DateTime.fromMillis(p.releaseAt).toFormat('yyyy-MM-dd HH:mm') : undefined;
    return this.drafts(event, [{ ...user, role: 'to', seesCode: true }], {
      violationCount: p.violationCount,
      releaseDate,
      daysLeft: p.daysLeft,
    });
  }

  private async drafts(
    event: TemplateEvent,
    people: Person[],
    data: Omit<TemplateData, 'recipient'>,
    calendar?: Draft['calendar'],
  ): Promise<Draft[]> {
    const out: Draft[] = [];
    for (const { lang, seesCode, to, cc } of byAudience(people)) {
      const booking = data.booking && !seesCode ? { ...data.booking, checkInCode: '' } : data.booking;
      const rendered = await this.deps.templatesService.render(event, lang, {
        ...data,
        booking,
        recipient: { name: names(to) },
      });
      out.push({ event, lang, to, cc, ...rendered, ...(calendar ? { calendar } : {}) });
    }
    return out;
  }

  /**
   * A notice to the administrators of something (the enabled users whose roles grant `capability`): one message per
   * language, each in its readers' language (`words`), with `topic` as its event. Composed now, outside any
   * transaction (SQLite has one connection); the answer queues it in the caller's transaction, so it is sent exactly
   * when the caller's change commits, and answers how many messages it queued. `key` makes it once only (per
   * language) however often it is queued. Nothing is queued while no notify provider is selected.
   */
  async noticeToHolders(
    capability: Capability,
    notice: { topic: string; key: string; words: (lang: Lang) => NoticeText },
  ): Promise<(trx: Knex.Transaction) => Promise<number>> {
    return this.notice(() => holdersOfCapability(this.deps.db, capability), notice);
  }

  /**
   * A notice to one person, in their language, through the notify provider: queued, once per `key`, by the answer
   * in the caller's transaction, as noticeToHolders does (the waitlist's, docs/product-rules.md R25.4).
   */
  async noticeToUser(
    userId: number,
    notice: { topic: string; key: string; words: (lang: Lang) => NoticeText },
  ): Promise<(trx: Knex.Transaction) => Promise<number>> {
    return this.notice(async () => [...(await usersById(this.deps.db, [userId])).values()], notice);
  }

  private async notice(
    recipients: () => Promise<Array<Omit<Person, 'role' | 'seesCode'>>>,
    notice: { topic: string; key: string; words: (lang: Lang) => NoticeText },
  ): Promise<(trx: Knex.Transaction) => Promise<number>> {
    const provider = await this.deps.pluginHost.selected('notify');
    if (provider === 'none') return async () => 0;
    const people = (await recipients()).map((p) => ({
      ...p,
      role: 'to' as const,
      seesCode: false,
    }));
    const items = byAudience(people).map(({ lang, to, cc }) => {
      const { subject, text } = notice.words(lang);
      const html = text
        .split('\n')
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('');
      const message: Draft = { event: notice.topic, lang, to, cc, subject, text, html };
      return {
        key: `${notice.key}:${lang}`,
        item: { kind: 'notify' as const, provider, topic: notice.topic, payload: { message } },
      };
    });
    return async (trx) => {
      for (const { key, item } of items) await this.deps.outbox.enqueue(trx, item, key);
      if (items.length) afterCommit(trx, () => this.deps.outbox.wake());
      return items.length;
    };
  }

  /**
   * Sends the reminders that are due. Each booking is claimed by
   * `UPDATE ... SET reminded_at WHERE reminded_at IS NULL` in the same
   * transaction as its messages, so however many processes run this, each
   * reminder is queued exactly once.
   */
  async runReminders(): Promise<number> {
    const { db, clock } = this.deps;
    const now = clock.now();
    const due = await dueReminders(db, now, 200);
    let sent = 0;
    for (const id of due) {
      const [booking] = await snapshotsOf(db, [id]);
      // A reminder whose meeting is off or already started is claimed but never sent.
      const live = booking && booking.state === 'confirmed' && booking.startAt > now;
      const composed = live ? await this.compose('booking.reminder', { booking, actorId: 0 }) : undefined;
      const claimed = await db.transaction(async (trx) => {
        const won = await claimReminder(trx, id, now);
        if (won && composed)
          for (const item of this.items('booking.reminder', composed)) await this.deps.outbox.enqueue(trx, item);
        return won;
      });
      if (claimed && live) {
        sent++;
        this.deps.events.emit('booking.reminder', { booking, actorId: 0 } satisfies BookingEvent);
      }
    }
    return sent;
  }

  /**
   * Tells users whose local password expires within the prompt days (same rule
   * as the sign-in's "about to expire"), each as a recorded change, so the
   * message is as durable as any other. Run once a day (the job lease makes it
   * once per day across processes), so each user hears it daily until they
   * change it. Answers how many were told.
   */
  async runPasswordExpiry(): Promise<number> {
    const { passwordValidityDays: validity, passwordPromptDays: prompt } = (await this.deps.paramsService.getMany([
      'passwordValidityDays',
      'passwordPromptDays',
    ])) as { passwordValidityDays: number; passwordPromptDays: number };
    if (!validity) return 0;
    const now = this.deps.clock.now();
    const day = 86_400_000;
    // Changed between (validity - prompt) and validity days ago: expiring, not yet expired.
    const rows = await localPasswordsChanged(this.deps.db, now - validity * day, now - (validity - prompt) * day);
    let told = 0;
    for (const r of rows) {
      const daysLeft = Math.ceil((r.passwordChangedAt + validity * day - now) / day);
      if (daysLeft <= 0 || daysLeft > prompt) continue;
      await this.deps.changeLog.publish('user.passwordExpiring', { userId: r.id, daysLeft });
      told++;
    }
    return told;
  }

  /** The sign-in answer's notify items: today's custom notifications addressed to this user. */
  async loginNotices(userId: number, _lang: Lang): Promise<Array<{ title: string; content: string }>> {
    const username = await usernameOf(this.deps.db, userId);
    if (username === undefined) return [];
    return this.deps.centreService.forUser(username);
  }
}
