/**
 * Room calendars in Microsoft 365 / Exchange Online, spoken through Microsoft Graph v1.0 with an application's own
 * credentials (docs/plugins.md, section 15). Each room of Atrium maps to a room mailbox; its calendar is read and
 * written by the app registration (application permissions Calendars.ReadWrite and Place.Read.All, admin consent).
 *
 * - Token: the OAuth 2.0 client credentials grant
 *   (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow), cached in the
 *   plugin's kv until five minutes before `expires_in`, fetched again once when Graph answers 401. A 429 or 503 is
 *   retried once after its `Retry-After` (at most 10 s; https://learn.microsoft.com/en-us/graph/throttling).
 * - The way out. `upsertEvent` creates the booking's event in the room mailbox's calendar
 *   (https://learn.microsoft.com/en-us/graph/api/user-post-events: `POST /users/{room}/events`) with `transactionId`
 *   = `atrium-booking-<id>`, so a retried create does not make a second event, and the category `Atrium` plus a
 *   single-value extended property naming the booking (so `changes` leaves Atrium's own events out). A later change
 *   PATCHes the stored event id (https://learn.microsoft.com/en-us/graph/api/event-update), which keeps its
 *   `iCalUId`; a 404 (deleted in Outlook meanwhile) creates it again. `cancelEvent` DELETEs it
 *   (https://learn.microsoft.com/en-us/graph/api/event-delete).
 *   LIMITATION: SDK 1.4 hands `upsertEvent` only the booking, not the room's `CalendarRoom`. The mailbox is the one
 *   `changes` last saw configured for the booking's resource (remembered in kv `room:<resourceId>`), else
 *   `defaultMailboxTemplate` with `{resourceId}` replaced; with neither the call fails (and is retried).
 * - The way back. `changes` reads each room's calendarView delta
 *   (https://learn.microsoft.com/en-us/graph/api/event-delta:
 *   `GET /users/{room}/calendarView/delta?startDateTime&endDateTime`, from a day ago to `windowDays` ahead, with
 *   `Prefer: outlook.timezone="UTC"`), following `@odata.nextLink` to the `@odata.deltaLink`. The deltaLinks are kept
 *   in kv (they run to hundreds of characters); the state handed to the core names them per room. A deltaLink Graph
 *   no longer knows (410, `syncStateNotFound`) or one whose window started over a week ago starts a fresh delta
 *   (the core's rows make the events seen again `unchanged`). Events: uid = `iCalUId`, `@removed` or `isCancelled`
 *   → cancelled, a `seriesMaster` → its recurrence pattern as an RRULE, an occurrence or exception of a series →
 *   reported once per series with an RRULE marker (the core refuses series), Atrium's own events left out.
 * - `decline` finds the event in the room mailbox by `$filter=iCalUId eq '…'` and POSTs its decline
 *   (https://learn.microsoft.com/en-us/graph/api/event-decline) with the reason as `comment`, `sendResponse: true`.
 * - `busyTimes` asks the mailbox's free/busy (https://learn.microsoft.com/en-us/graph/api/calendar-getschedule).
 * - `health` reads the tenant's room list through the Places API
 *   (https://learn.microsoft.com/en-us/graph/api/place-list: `GET /places/microsoft.graph.room`).
 * - Change notifications (https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks,
 *   https://learn.microsoft.com/en-us/graph/api/subscription-post-subscriptions): with `notificationUrl` set,
 *   `changes` keeps one subscription per room (`resource: /users/{room}/events`, `changeType:
 *   created,updated,deleted`, `clientState`, 4,200 minutes, under Graph's 4,230 for events), renewed by PATCH when
 *   less than a day is left and made again when the renewal fails; subscription ids in kv `sub:<mailbox>`. Graph
 *   validates the URL with a handshake and then posts to Atrium's `POST /api/inte/event/notifications`
 *   (core/modules/calendar-sync/notifications.ts), which checks `clientState` and pulls at once. A room no longer
 *   mirrored has its subscription deleted (https://learn.microsoft.com/en-us/graph/api/subscription-delete). No
 *   lifecycle notification URL is given: a subscription Graph drops is made again by the next poll's renewal, and
 *   the delta query catches whatever was missed meanwhile.
 * - A room that fails to be read (a mailbox Graph does not know, no permission on it) is logged and read again from
 *   its old deltaLink next time; `changes` throws only when no room could be read.
 */
import { createHash } from 'node:crypto';
import { GraphError, graphClient } from '../graph-shared/graph.ts';
import type { BookingSnapshot, CalendarRoom, ExternalEvent } from '../../core/plugin-sdk/index.ts';
import { definePlugin, z } from '../../core/plugin-sdk/index.ts';

export const Settings = z.object({
  tenantId: z.string().trim().min(1).max(100).describe('Directory (tenant) ID, or the tenant domain'),
  clientId: z.string().trim().min(1).max(100).describe('Application (client) ID of the app registration'),
  clientSecret: z.string().min(1).max(500).describe('client secret value of the app registration'),
  authorityUrl: z
    .url({ protocol: /^https?$/ })
    .default('https://login.microsoftonline.com')
    .describe('identity platform address (national clouds: login.microsoftonline.us, login.chinacloudapi.cn)'),
  graphUrl: z
    .url({ protocol: /^https?$/ })
    .default('https://graph.microsoft.com')
    .describe('Microsoft Graph address (national clouds: graph.microsoft.us, microsoftgraph.chinacloudapi.cn)'),
  defaultMailboxTemplate: z
    .string()
    .trim()
    .max(200)
    .default('')
    .refine((v) => v === '' || v.includes('@'), 'a mailbox address, e.g. room-{resourceId}@contoso.example')
    .describe('room mailbox of a room whose calendar reference is empty: {resourceId} is replaced'),
  notificationUrl: z
    .url({ protocol: /^https$|^http$/ })
    .optional()
    .describe("Atrium's public address of POST /api/inte/event/notifications; empty: polling only"),
  clientState: z.string().max(128).optional().describe('secret Graph sends back with each change notification'),
  windowDays: z.coerce
    .number()
    .int()
    .min(1)
    .max(1500)
    .default(180)
    .describe('days ahead the rooms’ calendars are read'),
  timeoutMs: z.coerce.number().int().min(1000).max(60_000).default(15_000).describe('longest wait for one call'),
});
export type Settings = z.infer<typeof Settings>;

/** The category and the extended property that mark Atrium's own events. */
export const ATRIUM_CATEGORY = 'Atrium';
export const ATRIUM_PROPERTY = 'String {66f5a359-4659-4638-974c-7a2f5b1d0c21} Name AtriumBookingId';

const DAY = 24 * 3600_000;
/** A deltaLink's window starts when it was made: after this long a fresh one is started. */
const WINDOW_RESTART_MS = 7 * DAY;
/** Graph's longest life of a subscription to events is 4,230 minutes (under 3 days). */
const SUBSCRIPTION_MINUTES = 4200;

interface GraphTime {
  dateTime: string;
  timeZone?: string;
}
export interface GraphEvent {
  id: string;
  iCalUId?: string;
  subject?: string | null;
  start?: GraphTime;
  end?: GraphTime;
  isCancelled?: boolean;
  type?: 'singleInstance' | 'occurrence' | 'exception' | 'seriesMaster';
  seriesMasterId?: string | null;
  recurrence?: { pattern?: RecurrencePattern; range?: RecurrenceRange } | null;
  organizer?: { emailAddress?: { name?: string | null; address?: string | null } } | null;
  categories?: string[];
  transactionId?: string | null;
  '@removed'?: { reason?: string };
}
interface RecurrencePattern {
  type?: string;
  interval?: number;
  daysOfWeek?: string[];
  dayOfMonth?: number;
  month?: number;
  index?: string;
}
interface RecurrenceRange {
  type?: string;
  endDate?: string;
  numberOfOccurrences?: number;
}

/** A Graph dateTime (no offset) in its zone; only UTC is asked for, so other zones are read as UTC with a warning. */
export function instantOf(t: GraphTime | undefined): number {
  if (!t?.dateTime) return NaN;
  const s = t.dateTime.replace(/(\.\d{3})\d*$/, '$1');
  return Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
}

const graphTime = (ms: number): GraphTime => ({
  dateTime: new Date(ms).toISOString().replace(/Z$/, ''),
  timeZone: 'UTC',
});

const DAYS: Record<string, string> = {
  sunday: 'SU',
  monday: 'MO',
  tuesday: 'TU',
  wednesday: 'WE',
  thursday: 'TH',
  friday: 'FR',
  saturday: 'SA',
};
const INDEX: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, last: -1 };

/** A Graph recurrence as an RRULE (RFC 5545 §3.3.10); `FREQ=DAILY` at least for a pattern it cannot read. */
export function rruleOf(r: GraphEvent['recurrence']): string {
  const p = r?.pattern ?? {};
  const parts: string[] = [];
  const days = (p.daysOfWeek ?? []).map((d) => DAYS[d.toLowerCase()]).filter(Boolean);
  switch (p.type) {
    case 'weekly':
      parts.push('FREQ=WEEKLY');
      if (days.length) parts.push(`BYDAY=${days.join(',')}`);
      break;
    case 'absoluteMonthly':
      parts.push('FREQ=MONTHLY');
      if (p.dayOfMonth) parts.push(`BYMONTHDAY=${p.dayOfMonth}`);
      break;
    case 'relativeMonthly':
      parts.push('FREQ=MONTHLY');
      if (days.length) parts.push(`BYDAY=${days.map((d) => `${INDEX[p.index ?? 'first'] ?? 1}${d}`).join(',')}`);
      break;
    case 'absoluteYearly':
      parts.push('FREQ=YEARLY');
      if (p.month) parts.push(`BYMONTH=${p.month}`);
      if (p.dayOfMonth) parts.push(`BYMONTHDAY=${p.dayOfMonth}`);
      break;
    case 'relativeYearly':
      parts.push('FREQ=YEARLY');
      if (p.month) parts.push(`BYMONTH=${p.month}`);
      if (days.length) parts.push(`BYDAY=${days.map((d) => `${INDEX[p.index ?? 'first'] ?? 1}${d}`).join(',')}`);
      break;
    default:
      parts.push('FREQ=DAILY');
  }
  if (p.interval && p.interval > 1) parts.push(`INTERVAL=${p.interval}`);
  const range = r?.range;
  if (range?.type === 'endDate' && range.endDate) parts.push(`UNTIL=${range.endDate.replaceAll('-', '')}T235959Z`);
  if (range?.type === 'numbered' && range.numberOfOccurrences) parts.push(`COUNT=${range.numberOfOccurrences}`);
  return parts.join(';');
}

export const isAtriums = (e: GraphEvent) =>
  (e.categories ?? []).includes(ATRIUM_CATEGORY) || (e.transactionId ?? '').startsWith('atrium-booking-');

/** A Graph event as the core's external event (null: not one to report). */
export function toExternal(e: GraphEvent, resourceId: number): ExternalEvent | null {
  if (!e.iCalUId) return null;
  const cancelled = !!e['@removed'] || e.isCancelled === true;
  const startAt = instantOf(e.start);
  const endAt = instantOf(e.end);
  return {
    resourceId,
    uid: e.iCalUId,
    startAt,
    endAt,
    subject: e.subject ?? '',
    organiser: { name: e.organizer?.emailAddress?.name ?? null, email: e.organizer?.emailAddress?.address ?? null },
    status: cancelled ? 'cancelled' : 'confirmed',
    rrule: e.type === 'seriesMaster' ? rruleOf(e.recurrence) : null,
  };
}

/** What the plugin keeps of a room's delta (kv `delta:<resourceId>`). */
interface RoomDelta {
  mailbox: string;
  link: string;
  startedAt: number;
}
/** The external id of an event Atrium wrote: the mailbox and Graph's event id. */
const externalIdOf = (mailbox: string, id: string) => JSON.stringify({ mailbox, id });
function parseExternalId(externalId: string): { mailbox: string; id: string } | null {
  try {
    const v = JSON.parse(externalId) as { mailbox?: unknown; id?: unknown };
    return typeof v.mailbox === 'string' && typeof v.id === 'string' ? { mailbox: v.mailbox, id: v.id } : null;
  } catch {
    return null;
  }
}

export default definePlugin({
  id: 'm365-calendar',
  kind: 'calendar',
  names: {
    cn: 'Microsoft 365 会议室日历',
    en: 'Microsoft 365 room calendars',
    ja: 'Microsoft 365 会議室カレンダー',
  },
  settings: Settings,
  secrets: ['clientSecret', 'clientState'],
  endpoints: ['authorityUrl', 'graphUrl', 'tenantId', 'clientId', 'notificationUrl'],
  timeoutMs: 120_000,
  create(ctx) {
    const s = ctx.settings;
    const client = graphClient(ctx, s, 'Microsoft 365');
    const v1 = `${client.base}/v1.0`;
    const user = (mailbox: string) => `${v1}/users/${encodeURIComponent(mailbox)}`;

    /** One Graph call (plugins/graph-shared): the token refreshed once on a 401, one wait on a 429 or 503. */
    const graph = client.call;
    const fetchToken = client.fetchToken;

    /** The room mailbox of a booking's resource: as `changes` last saw it configured, else the template's. */
    async function mailboxOf(resourceId: number): Promise<string> {
      const known = await ctx.kv.get<string>(`room:${resourceId}`);
      if (known) return known;
      if (s.defaultMailboxTemplate) return s.defaultMailboxTemplate.replaceAll('{resourceId}', String(resourceId));
      throw new Error(
        `Microsoft 365: no mailbox for resource ${resourceId}: mirror the room with its mailbox, or set defaultMailboxTemplate`,
      );
    }
    /** The room's mailbox, or none for a room whose reference names no mailbox (it was never subscribed). */
    const mailboxesOf = (room: CalendarRoom): string[] => {
      try {
        return [mailboxOfRoom(room)];
      } catch {
        return [];
      }
    };
    const mailboxOfRoom = (room: CalendarRoom): string => {
      const ref = room.ref.trim();
      if (ref) return ref;
      if (s.defaultMailboxTemplate) return s.defaultMailboxTemplate.replaceAll('{resourceId}', String(room.resourceId));
      throw new Error(
        `Microsoft 365: room ${room.resourceId} has no mailbox (its reference and the template are empty)`,
      );
    };

    const eventBody = (b: BookingSnapshot) => ({
      subject: b.subject || b.resourceName,
      start: graphTime(b.startAt),
      end: graphTime(b.endAt),
      isAllDay: false,
      showAs: 'busy',
      categories: [ATRIUM_CATEGORY],
      body: { contentType: 'text', content: `Booked in Atrium (booking ${b.id}).${b.remarks ? `\n${b.remarks}` : ''}` },
      location: { displayName: b.resourceName },
      singleValueExtendedProperties: [{ id: ATRIUM_PROPERTY, value: String(b.id) }],
    });

    async function create(mailbox: string, b: BookingSnapshot) {
      const made = await graph<GraphEvent>('POST', `${user(mailbox)}/events`, `create event of booking ${b.id}`, {
        ...eventBody(b),
        transactionId: `atrium-booking-${b.id}`,
      });
      return { externalId: externalIdOf(mailbox, made.id) };
    }

    async function removeEvent(mailbox: string, id: string, what: string) {
      try {
        await graph('DELETE', `${user(mailbox)}/events/${encodeURIComponent(id)}`, what);
      } catch (err) {
        if (!(err instanceof GraphError && err.status === 404)) throw err;
      }
    }

    /** One room's changes: the delta from its stored link (or a fresh one), every page. */
    async function roomChanges(room: CalendarRoom, mailbox: string, key: string | undefined) {
      const now = ctx.clock.now();
      const stored = key ? await ctx.kv.get<RoomDelta>(`delta:${key}`) : undefined;
      const fresh = () =>
        `${user(mailbox)}/calendarView/delta?startDateTime=${new Date(now - DAY).toISOString()}&endDateTime=${new Date(
          now + s.windowDays * DAY,
        ).toISOString()}`;
      let startedAt = now;
      let link = fresh();
      if (stored && stored.mailbox === mailbox && now - stored.startedAt < WINDOW_RESTART_MS) {
        link = stored.link;
        startedAt = stored.startedAt;
      }
      const items: GraphEvent[] = [];
      let deltaLink: string | undefined;
      for (let pages = 0; pages < 1000; pages++) {
        let page: { value?: GraphEvent[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };
        try {
          page = await graph('GET', link, `calendar changes of ${mailbox}`, undefined, {
            prefer: 'outlook.timezone="UTC"',
          });
        } catch (err) {
          if (!(err instanceof GraphError && err.stale && link !== fresh() && pages === 0)) throw err;
          ctx.logger.warn({ mailbox, code: err.code }, 'Microsoft 365: the deltaLink is stale; reading the room again');
          link = fresh();
          startedAt = now;
          pages = -1;
          continue;
        }
        items.push(...(page.value ?? []));
        if (page['@odata.nextLink']) link = page['@odata.nextLink'];
        else {
          deltaLink = page['@odata.deltaLink'];
          break;
        }
      }
      const events: ExternalEvent[] = [];
      const series = new Set<string>();
      for (const e of items) {
        if (!e['@removed'] && isAtriums(e)) continue;
        // The room's own decline took the meeting out of its calendar: not the organiser's cancellation.
        if (e['@removed'] && (await ctx.kv.get<boolean>(`declined:${mailbox}:${e.id}`))) continue;
        if ((e.type === 'occurrence' || e.type === 'exception') && e.seriesMasterId) {
          // Occurrences of a series: one report per series, recurring (the core refuses series).
          if (series.has(e.seriesMasterId)) continue;
          series.add(e.seriesMasterId);
          const x = toExternal(e, room.resourceId);
          if (x) events.push({ ...x, rrule: x.rrule || 'FREQ=DAILY' });
          continue;
        }
        const x = toExternal(e, room.resourceId);
        if (x && (x.status === 'cancelled' || (Number.isFinite(x.startAt) && Number.isFinite(x.endAt)))) events.push(x);
        else if (!x && e['@removed']) {
          // A removed entry carries only its id: name it by the uid it had when last seen.
          const uid = await ctx.kv.get<string>(`uid:${mailbox}:${e.id}`);
          if (uid)
            events.push({
              resourceId: room.resourceId,
              uid,
              startAt: 0,
              endAt: 0,
              subject: '',
              organiser: {},
              status: 'cancelled',
            });
        }
        if (x && !e['@removed']) await ctx.kv.set(`uid:${mailbox}:${e.id}`, x.uid, s.windowDays * DAY + 30 * DAY);
      }
      const id = createHash('sha256').update(`${room.resourceId}\n${mailbox}`).digest('hex').slice(0, 16);
      if (deltaLink)
        await ctx.kv.set(`delta:${id}`, { mailbox, link: deltaLink, startedAt } satisfies RoomDelta, 30 * DAY);
      return { events, key: deltaLink ? id : key };
    }

    /** With a notification URL: one live subscription per room mailbox, renewed when less than a day is left. */
    async function ensureSubscription(mailbox: string): Promise<void> {
      if (!s.notificationUrl) return;
      const now = ctx.clock.now();
      const key = `sub:${mailbox}`;
      const sub = await ctx.kv.get<{ id: string; expiresAt: number }>(key);
      const expiresAt = now + SUBSCRIPTION_MINUTES * 60_000;
      const expirationDateTime = new Date(expiresAt).toISOString();
      if (sub && sub.expiresAt - now > DAY) return;
      if (sub) {
        try {
          await graph(
            'PATCH',
            `${v1}/subscriptions/${encodeURIComponent(sub.id)}`,
            `renew subscription of ${mailbox}`,
            {
              expirationDateTime,
            },
          );
          await ctx.kv.set(key, { id: sub.id, expiresAt });
          return;
        } catch (err) {
          ctx.logger.warn(
            { mailbox, err: String(err) },
            'Microsoft 365: renewing the subscription failed; subscribing again',
          );
        }
      }
      const made = await graph<{ id: string }>('POST', `${v1}/subscriptions`, `subscribe to ${mailbox}`, {
        changeType: 'created,updated,deleted',
        notificationUrl: s.notificationUrl,
        resource: `/users/${mailbox}/events`,
        expirationDateTime,
        ...(s.clientState ? { clientState: s.clientState } : {}),
      });
      await ctx.kv.set(key, { id: made.id, expiresAt });
      const subscribed = (await ctx.kv.get<string[]>('subscribed')) ?? [];
      if (!subscribed.includes(mailbox)) await ctx.kv.set('subscribed', [...subscribed, mailbox]);
    }

    /**
     * The subscriptions of mailboxes no longer mirrored are deleted (Graph would otherwise notify for up to three
     * days): https://learn.microsoft.com/en-us/graph/api/subscription-delete. One that Graph no longer knows is gone.
     */
    async function dropSubscriptions(keep: Set<string>): Promise<void> {
      const subscribed = (await ctx.kv.get<string[]>('subscribed')) ?? [];
      const left: string[] = [];
      for (const mailbox of subscribed) {
        const sub = keep.has(mailbox) ? undefined : await ctx.kv.get<{ id: string }>(`sub:${mailbox}`);
        try {
          if (sub) await graph('DELETE', `${v1}/subscriptions/${encodeURIComponent(sub.id)}`, `unsubscribe ${mailbox}`);
        } catch (err) {
          if (!(err instanceof GraphError && err.status === 404)) {
            ctx.logger.warn({ mailbox, err: String(err) }, 'Microsoft 365: deleting a subscription failed');
            left.push(mailbox);
            continue;
          }
        }
        if (keep.has(mailbox)) left.push(mailbox);
        else await ctx.kv.delete(`sub:${mailbox}`);
      }
      if (left.length !== subscribed.length) await ctx.kv.set('subscribed', left);
    }

    return {
      async upsertEvent(booking, previous, room) {
        // The mailbox the core names for the room (SDK 1.5), else the one `changes` last saw, else the template's.
        const mailbox = room ? mailboxOfRoom(room) : await mailboxOf(booking.resourceId);
        const old = previous ? parseExternalId(previous.externalId) : null;
        if (old && old.mailbox !== mailbox) {
          // Moved to another room: the old room's calendar lets go of it.
          await removeEvent(old.mailbox, old.id, `remove moved event of booking ${booking.id}`);
        } else if (old) {
          try {
            await graph(
              'PATCH',
              `${user(mailbox)}/events/${encodeURIComponent(old.id)}`,
              `update event of booking ${booking.id}`,
              eventBody(booking),
            );
            return { externalId: previous!.externalId };
          } catch (err) {
            if (!(err instanceof GraphError && err.status === 404)) throw err;
            ctx.logger.warn(
              { bookingId: booking.id, mailbox },
              'Microsoft 365: the event was deleted; writing it again',
            );
          }
        }
        return create(mailbox, booking);
      },
      async cancelEvent(booking, previous) {
        const old = previous ? parseExternalId(previous.externalId) : null;
        if (!old) return;
        await removeEvent(old.mailbox, old.id, `delete event of booking ${booking.id}`);
      },
      async busyTimes(resourceRef, from, to) {
        const mailbox = resourceRef.trim();
        const a = await graph<{
          value?: Array<{ scheduleItems?: Array<{ status?: string; start?: GraphTime; end?: GraphTime }> }>;
        }>(
          'POST',
          `${user(mailbox)}/calendar/getSchedule`,
          `free/busy of ${mailbox}`,
          { schedules: [mailbox], startTime: graphTime(from), endTime: graphTime(to), availabilityViewInterval: 15 },
          { prefer: 'outlook.timezone="UTC"' },
        );
        return (a.value?.[0]?.scheduleItems ?? [])
          .filter((i) => i.status !== 'free')
          .map((i) => ({ startAt: instantOf(i.start), endAt: instantOf(i.end) }))
          .filter((i) => Number.isFinite(i.startAt) && Number.isFinite(i.endAt));
      },
      async changes(rooms, state) {
        let keys: Record<string, string> = {};
        if (state) {
          try {
            keys = JSON.parse(state) as Record<string, string>;
          } catch {
            ctx.logger.warn('Microsoft 365 sync state unreadable: reading every room again');
          }
        }
        const next: Record<string, string> = {};
        const events: ExternalEvent[] = [];
        let failure: unknown;
        let read = 0;
        for (const room of rooms) {
          const id = String(room.resourceId);
          try {
            const mailbox = mailboxOfRoom(room);
            await ctx.kv.set(`room:${room.resourceId}`, mailbox);
            try {
              await ensureSubscription(mailbox);
            } catch (err) {
              // Notifications only hasten the poll: a refused subscription is logged, the poll goes on.
              ctx.logger.warn({ mailbox, err: String(err) }, 'Microsoft 365: subscribing to the room mailbox failed');
            }
            const r = await roomChanges(room, mailbox, keys[id]);
            events.push(...r.events);
            if (r.key) next[id] = r.key;
            read++;
          } catch (err) {
            // One room that fails (a mailbox Graph does not know) is read again from its old deltaLink next time.
            failure = err;
            if (keys[id]) next[id] = keys[id];
            ctx.logger.warn({ resourceId: room.resourceId, err: String(err) }, 'Microsoft 365: reading a room failed');
          }
        }
        if (failure && read === 0) throw failure;
        await dropSubscriptions(new Set(rooms.flatMap(mailboxesOf))).catch((err: unknown) =>
          ctx.logger.warn({ err: String(err) }, 'Microsoft 365: letting go of old subscriptions failed'),
        );
        return { events, state: JSON.stringify(next) };
      },
      // Exchange sends the organiser the room's decline itself (sendResponse): the core adds no e-mailed REPLY.
      tellsOrganisers: true,
      async decline(event, room, reason) {
        const mailbox = mailboxOfRoom(room);
        const uid = event.uid.replaceAll("'", "''");
        const found = await graph<{ value?: GraphEvent[] }>(
          'GET',
          `${user(mailbox)}/events?$filter=${encodeURIComponent(`iCalUId eq '${uid}'`)}&$select=id,iCalUId`,
          `find event ${event.uid} in ${mailbox}`,
        );
        const target = found.value?.[0];
        if (!target) {
          ctx.logger.info({ mailbox, uid: event.uid }, 'Microsoft 365: the declined event is gone already');
          return;
        }
        await ctx.kv.set(`declined:${mailbox}:${target.id}`, true, s.windowDays * DAY + 30 * DAY);
        await graph(
          'POST',
          `${user(mailbox)}/events/${encodeURIComponent(target.id)}/decline`,
          `decline ${event.uid}`,
          {
            comment: reason,
            sendResponse: true,
          },
        );
      },
      async listRooms() {
        const rooms: Array<{ ref: string; name: string; capacity: number | null }> = [];
        let link: string | undefined = `${v1}/places/microsoft.graph.room?$top=100`;
        for (let page = 0; link && page < 50; page++) {
          const answer: {
            value?: Array<{ emailAddress?: string | null; displayName?: string | null; capacity?: number | null }>;
            '@odata.nextLink'?: string;
          } = await graph('GET', link, 'room list');
          for (const r of answer.value ?? [])
            if (r.emailAddress)
              rooms.push({ ref: r.emailAddress, name: r.displayName || r.emailAddress, capacity: r.capacity ?? null });
          link = answer['@odata.nextLink'];
        }
        return rooms;
      },
      async health() {
        await fetchToken();
        const rooms = await graph<{ value?: unknown[] }>('GET', `${v1}/places/microsoft.graph.room`, 'room list');
        return { ok: true, detail: `token obtained; ${rooms.value?.length ?? 0} room(s) in the tenant's Places` };
      },
    };
  },
});

export { GraphError, retryAfterMs } from '../graph-shared/graph.ts';
