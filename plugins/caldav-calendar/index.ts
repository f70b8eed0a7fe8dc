/**
 * Room calendars on a CalDAV server (RFC 4791, https://www.rfc-editor.org/rfc/rfc4791), spoken through tsdav
 * (https://tsdav.vercel.app/docs/intro): each room of Atrium maps to one calendar collection, by default
 * `{serverUrl}/{username}/room-{resourceId}/`, made with MKCALENDAR (RFC 4791 §5.3.1) the first time it is used.
 *
 * - `upsertEvent` PUTs one VEVENT per booking (written with ical-generator) under a UID that never changes for the
 *   booking (`atrium-booking-<id>@<host of serverUrl>`), SEQUENCE = the booking's sequence, STATUS:CONFIRMED;
 *   `If-None-Match: *` when creating, `If-Match` on the ETag of our last write when updating (RFC 4791 §5.3.2).
 *   When a calendar client changed the event in between (412), Atrium's booking wins: it is written again over
 *   the server's current copy, with a warning. A booking moved to another room leaves its old calendar.
 * - `cancelEvent` DELETEs the event: the room's calendar shows what occupies the room, and a cancelled booking
 *   frees it; clients syncing the calendar see the deletion (a STATUS:CANCELLED copy would keep a dead meeting in
 *   the room's calendar, and some clients still show it as busy). Guests learn it from the core's CANCEL e-mail.
 * - `changes` reads what calendar clients wrote into the rooms' calendars with the sync-collection REPORT of RFC
 *   6578 (https://www.rfc-editor.org/rfc/rfc6578), one sync token per room kept in the state as
 *   `{ [resourceId]: token }`; the first call (or a token the server no longer knows: the `DAV:valid-sync-token`
 *   precondition, RFC 6578 §3.2) lists the whole collection. Calendar data is parsed with ical.js
 *   (https://github.com/kewisch/ical.js). Atrium's own events (UID `atrium-booking-…`) are left out. A deleted
 *   member comes back as a 404 href: the plugin keeps, per room, which UID each href held (kv `room:<id>`), so it
 *   can answer the deletion as that UID `cancelled`.
 * - `busyTimes` (SDK 1.7: the room is handed over) asks the room's calendar with a calendar-query REPORT and a
 *   time-range filter (RFC 4791 §7.8.1), series expanded with ical.js; cancelled and transparent events are free.
 * - `decline` only DELETEs the event from the room's calendar, so the room does not show it. Radicale (the server
 *   the tests run) has no server-side scheduling (RFC 6638), so the iTIP REPLY with PARTSTAT=DECLINED is built and
 *   e-mailed to the organiser by the core, not here.
 * - `health` PROPFINDs the user's principal collection.
 *
 * Failed calls throw with the method, the URL's path and the server's status, for the outbox to retry and show;
 * a refused password says so.
 */
import ICAL from 'ical.js';
import ical, { ICalEventStatus } from 'ical-generator';
import { calendarQuery, createObject, deleteObject, makeCalendar, propfind, syncCollection, updateObject } from 'tsdav';
import type { BookingSnapshot, CalendarRoom, ExternalEvent } from '../../core/plugin-sdk/index.ts';
import { definePlugin, z } from '../../core/plugin-sdk/index.ts';

/** tsdav hands XML text as is, or as { _text } / { _cdata } when the element has attributes or CDATA. */
function textOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  if (!data || typeof data !== 'object') return undefined;
  const node = data as { _text?: unknown; _cdata?: unknown };
  return String(node._text ?? node._cdata ?? '');
}

export const Settings = z.object({
  serverUrl: z
    .url({ protocol: /^https?$/ })
    .describe('address of the CalDAV server (https://dav.example.org; Radicale: its root)'),
  username: z.string().trim().min(1).max(200).describe('account Atrium signs in with; owns the rooms’ calendars'),
  password: z.string().min(1).max(500).describe('password of that account'),
  calendarUrlTemplate: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .default('{serverUrl}/{username}/room-{resourceId}/')
    .describe('calendar of each room: {serverUrl}, {username} and {resourceId} are replaced; created when missing'),
  organizerEmail: z
    .email()
    .optional()
    .describe('ORGANIZER of the events Atrium writes (default: the username at the server’s host)'),
  pollSeconds: z.coerce
    .number()
    .int()
    .min(15)
    .max(3600)
    .default(60)
    .describe('seconds between two readings of the rooms’ calendars'),
  timeoutMs: z.coerce.number().int().min(1000).max(30_000).default(10_000).describe('milliseconds per request'),
});
export type Settings = z.infer<typeof Settings>;

/** The UIDs Atrium writes start with this: `changes` leaves them out. */
export const ATRIUM_UID_PREFIX = 'atrium-booking-';

/** What the plugin remembers of an event it wrote (kv `obj:<href>`). */
interface Written {
  uid: string;
  etag?: string;
}

/** Per room (kv `room:<resourceId>`): which UID each member href held, so a deletion (404) can be named. */
type HrefMap = Record<string, { uid: string; deletedAt?: number }>;

/** How long a deleted href stays in the map, should the core read the same changes again. */
const FORGET_DELETED_MS = 30 * 24 * 3600_000;

type DavFetch = typeof globalThis.fetch;

export default definePlugin({
  id: 'caldav-calendar',
  kind: 'calendar',
  names: { cn: 'CalDAV 日历', en: 'CalDAV calendars', ja: 'CalDAV カレンダー' },
  settings: Settings,
  secrets: ['password'],
  endpoints: ['serverUrl', 'calendarUrlTemplate'],
  timeoutMs: 60_000,
  create(ctx) {
    const { serverUrl, username, password, calendarUrlTemplate, timeoutMs } = ctx.settings;
    const root = serverUrl.replace(/\/+$/, '');
    const host = new URL(root).hostname;
    const organizerEmail = ctx.settings.organizerEmail ?? `${username}@${host}`;
    const headers = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` };
    const davFetch = ((url: string | URL, init?: RequestInit) =>
      ctx.http.fetch(url, { ...init, timeoutMs })) as unknown as DavFetch;
    const ensured = new Set<string>();

    const calendarUrlOf = (resourceId: number): string => {
      const url = calendarUrlTemplate
        .replaceAll('{serverUrl}', root)
        .replaceAll('{username}', encodeURIComponent(username))
        .replaceAll('{resourceId}', String(resourceId));
      return url.endsWith('/') ? url : `${url}/`;
    };
    /** The room's calendar: the ref the core configured when it is a URL, else the template's. */
    const calendarOfRoom = (room: CalendarRoom): string =>
      /^https?:\/\//.test(room.ref)
        ? room.ref.endsWith('/')
          ? room.ref
          : `${room.ref}/`
        : calendarUrlOf(room.resourceId);

    const failure = (method: string, url: string, status: number, body = ''): Error => {
      const where = new URL(url).pathname;
      if (status === 401)
        return new Error(`CalDAV server ${host} refused the username or password (HTTP 401 on ${method} ${where})`);
      if (status === 403)
        return new Error(`CalDAV server ${host}: ${username} may not ${method} ${where} (HTTP 403) ${body}`.trim());
      return new Error(`CalDAV ${method} ${where} failed with HTTP ${status} ${body.slice(0, 200)}`.trim());
    };
    const unreachable = (method: string, url: string, err: unknown): Error => {
      const what = err instanceof Error || err instanceof DOMException ? err.message : String(err);
      return new Error(`CalDAV server ${host} unreachable (${method} ${new URL(url).pathname}): ${what}`, {
        cause: err,
      });
    };
    async function call<T>(method: string, url: string, run: () => Promise<T>): Promise<T> {
      try {
        return await run();
      } catch (err) {
        throw unreachable(method, url, err);
      }
    }

    /** MKCALENDAR once per calendar and process; "already there" (405, or 409 from Radicale) is fine. */
    async function ensureCalendar(url: string, resourceId: number): Promise<void> {
      if (ensured.has(url)) return;
      const [res] = await call('MKCALENDAR', url, () =>
        makeCalendar({
          url,
          props: { displayname: `Atrium room ${resourceId}` },
          headers,
          fetch: davFetch,
        }),
      );
      const status = res?.status ?? 0;
      if (status === 401) throw failure('MKCALENDAR', url, status);
      if (!(status >= 200 && status < 300) && status !== 405 && status !== 409)
        throw failure('MKCALENDAR', url, status, String(res?.raw ?? ''));
      ensured.add(url);
    }

    const objKey = (href: string) => `obj:${href}`;
    const roomKey = (resourceId: number) => `room:${resourceId}`;

    function icsOf(booking: BookingSnapshot, uid: string): string {
      const cal = ical({ prodId: { company: 'Atrium', product: 'Room booking', language: 'EN' } });
      cal.createEvent({
        id: uid,
        sequence: booking.sequence,
        stamp: new Date(ctx.clock.now()),
        start: new Date(booking.startAt),
        end: new Date(booking.endAt),
        summary: booking.subject,
        location: booking.resourceName,
        organizer: { name: 'Atrium', email: organizerEmail },
        status: ICalEventStatus.CONFIRMED,
      });
      return cal.toString();
    }

    async function put(href: string, ics: string, condition: 'create' | { etag?: string }): Promise<Response> {
      const h = { ...headers, 'content-type': 'text/calendar; charset=utf-8' };
      if (condition === 'create')
        return call('PUT', href, () =>
          createObject({ url: href, data: ics, headers: { ...h, 'if-none-match': '*' }, fetch: davFetch }),
        );
      return call('PUT', href, () =>
        updateObject({ url: href, data: ics, etag: condition.etag, headers: h, fetch: davFetch }),
      );
    }

    async function remove(href: string): Promise<void> {
      const res = await call('DELETE', href, () => deleteObject({ url: href, headers, fetch: davFetch }));
      // Already gone is what we wanted.
      if (!res.ok && res.status !== 404) throw failure('DELETE', href, res.status, await res.text());
    }

    interface Member {
      href: string;
      status: number;
      etag?: string;
      data?: string;
    }

    /** One sync-collection REPORT; `invalidToken` when the server no longer knows the token. */
    async function sync(
      url: string,
      token: string,
    ): Promise<{ members: Member[]; token?: string } | { invalidToken: true }> {
      const responses = await call('REPORT', url, () =>
        syncCollection({
          url,
          props: { 'd:getetag': {}, 'c:calendar-data': {} },
          syncLevel: 1,
          syncToken: token,
          headers,
          fetch: davFetch,
        }),
      );
      const first = responses[0];
      const multistatus = (first?.raw as { multistatus?: { syncToken?: unknown } } | undefined)?.multistatus;
      if (!multistatus) {
        const status = first?.status ?? 0;
        const raw = typeof first?.raw === 'string' ? first.raw : '';
        if (token && (status === 403 || status === 409) && raw.includes('valid-sync-token'))
          return { invalidToken: true };
        throw failure('REPORT', url, status, raw);
      }
      const members = responses
        .filter((r) => typeof r.href === 'string' && r.href !== '')
        .map((r) => {
          const props = (r.props ?? {}) as { getetag?: unknown; calendarData?: unknown };
          const data = props.calendarData;
          return {
            href: new URL(String(r.href), url).href,
            status: r.status,
            etag: props.getetag === undefined ? undefined : String(props.getetag),
            data: textOf(data),
          };
        });
      return { members, token: multistatus.syncToken === undefined ? undefined : String(multistatus.syncToken) };
    }

    /** A calendar object parsed, its VTIMEZONEs known to ical.js so zoned times read as instants. */
    function parsed(ics: string): ICAL.Component {
      const comp = new ICAL.Component(ICAL.parse(ics));
      for (const tz of comp.getAllSubcomponents('vtimezone')) {
        const tzid = String(tz.getFirstPropertyValue('tzid') ?? '');
        if (tzid && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(tz);
      }
      return comp;
    }

    /** The external event a calendar object holds (its main VEVENT), or null when it has none. */
    function eventOf(resourceId: number, ics: string): ExternalEvent | null {
      const comp = parsed(ics);
      const vevents = comp.getAllSubcomponents('vevent');
      const main = vevents.find((v) => !v.hasProperty('recurrence-id')) ?? vevents[0];
      if (!main) return null;
      const ev = new ICAL.Event(main);
      const organizer = main.getFirstProperty('organizer');
      const address = organizer ? String(organizer.getFirstValue() ?? '') : '';
      const cn = organizer?.getParameter('cn');
      const rrule = main.getFirstPropertyValue('rrule');
      const status = String(main.getFirstPropertyValue('status') ?? '').toUpperCase();
      return {
        resourceId,
        uid: ev.uid,
        sequence: main.hasProperty('sequence') ? ev.sequence : undefined,
        startAt: ev.startDate.toJSDate().getTime(),
        endAt: ev.endDate.toJSDate().getTime(),
        subject: ev.summary ?? '',
        organiser: {
          name: typeof cn === 'string' ? cn : null,
          email: address ? address.replace(/^mailto:/i, '') : null,
        },
        status: status === 'CANCELLED' ? 'cancelled' : 'confirmed',
        rrule: rrule ? rrule.toString() : null,
      };
    }

    /** What changed in one room's calendar since `token` (everything when absent or no longer valid). */
    async function roomChanges(room: CalendarRoom, token: string | undefined) {
      const url = calendarOfRoom(room);
      await ensureCalendar(url, room.resourceId);
      let result = await sync(url, token ?? '');
      const full = !token || 'invalidToken' in result;
      if ('invalidToken' in result) {
        ctx.logger.info({ resourceId: room.resourceId }, 'CalDAV sync token no longer valid: listing the calendar');
        result = await sync(url, '');
        if ('invalidToken' in result) throw failure('REPORT', url, 403, 'valid-sync-token');
      }
      const hrefs = (await ctx.kv.get<HrefMap>(roomKey(room.resourceId))) ?? {};
      const now = ctx.clock.now();
      const events: ExternalEvent[] = [];
      const seen = new Set<string>();
      const gone = (href: string) => {
        const known = hrefs[href];
        if (!known) return;
        if (!known.uid.startsWith(ATRIUM_UID_PREFIX))
          events.push({
            resourceId: room.resourceId,
            uid: known.uid,
            startAt: 0,
            endAt: 0,
            subject: '',
            organiser: {},
            status: 'cancelled',
          });
        known.deletedAt ??= now;
      };
      for (const m of result.members) {
        seen.add(m.href);
        if (m.status === 404) {
          gone(m.href);
          continue;
        }
        if (m.status < 200 || m.status >= 300 || m.href === url) continue;
        let data = m.data;
        if (data === undefined) {
          const res = await call('GET', m.href, () => davFetch(m.href, { headers }));
          if (!res.ok) throw failure('GET', m.href, res.status, await res.text());
          data = await res.text();
        }
        let ev: ExternalEvent | null;
        try {
          ev = eventOf(room.resourceId, data);
        } catch (err) {
          ctx.logger.warn({ href: m.href, err: (err as Error).message }, 'CalDAV object is not valid iCalendar');
          continue;
        }
        if (!ev) continue;
        hrefs[m.href] = { uid: ev.uid };
        if (!ev.uid.startsWith(ATRIUM_UID_PREFIX)) events.push(ev);
      }
      // A full listing names no deletions: what we knew and the listing lacks was deleted meanwhile.
      if (full) for (const href of Object.keys(hrefs)) if (!seen.has(href) && !hrefs[href]!.deletedAt) gone(href);
      for (const [href, v] of Object.entries(hrefs))
        if (v.deletedAt !== undefined && now - v.deletedAt > FORGET_DELETED_MS) delete hrefs[href];
      await ctx.kv.set(roomKey(room.resourceId), hrefs);
      return { events, token: result.token };
    }

    /**
     * The times a calendar object keeps the room busy within [from, to): each occurrence of its VEVENTs (a series
     * expanded, its overrides applied), without the cancelled and the transparent ones (RFC 5545 §3.8.2.7).
     */
    function busyOf(ics: string, from: number, to: number): Array<{ startAt: number; endAt: number }> {
      const comp = parsed(ics);
      const vevents = comp.getAllSubcomponents('vevent');
      const main = vevents.find((v) => !v.hasProperty('recurrence-id'));
      if (!main) return [];
      const free = (v: ICAL.Component) =>
        String(v.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED' ||
        String(v.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT';
      const ev = new ICAL.Event(main);
      for (const v of vevents) if (v !== main) ev.relateException(v);
      const out: Array<{ startAt: number; endAt: number }> = [];
      const add = (start: ICAL.Time, end: ICAL.Time, component: ICAL.Component) => {
        const startAt = start.toJSDate().getTime();
        const endAt = end.toJSDate().getTime();
        if (!free(component) && startAt < to && endAt > from) out.push({ startAt, endAt });
      };
      if (!ev.isRecurring()) {
        add(ev.startDate, ev.endDate, main);
        return out;
      }
      const it = ev.iterator();
      // Bounded: a daily series over a year is 366; a rule without end stops at `to`.
      for (let n = 0, next = it.next(); next && n < 5000; n++, next = it.next()) {
        const d = ev.getOccurrenceDetails(next);
        if (d.startDate.toJSDate().getTime() >= to) break;
        add(d.startDate, d.endDate, d.item.component);
      }
      return out;
    }

    /** The href of an external event in a room's calendar: from the map, else by listing the calendar. */
    async function hrefOf(room: CalendarRoom, uid: string): Promise<string | undefined> {
      const find = async () => {
        const hrefs = (await ctx.kv.get<HrefMap>(roomKey(room.resourceId))) ?? {};
        return Object.entries(hrefs).find(([, v]) => v.uid === uid && v.deletedAt === undefined)?.[0];
      };
      const known = await find();
      if (known) return known;
      await roomChanges(room, undefined);
      return find();
    }

    return {
      async upsertEvent(booking, previous, room) {
        // The room's mirrored calendar when the core names one (SDK 1.5), so bookings go where meetings are read.
        const calendar = room ? calendarOfRoom(room) : calendarUrlOf(booking.resourceId);
        await ensureCalendar(calendar, booking.resourceId);
        const old = previous ? await ctx.kv.get<Written>(objKey(previous.externalId)) : undefined;
        const uid = old?.uid ?? `${ATRIUM_UID_PREFIX}${booking.id}@${host}`;
        const href = `${calendar}${encodeURIComponent(uid)}.ics`;
        const ics = icsOf(booking, uid);
        // Moved to another room: the event leaves the old room's calendar.
        if (previous && previous.externalId !== href) {
          await remove(previous.externalId);
          await ctx.kv.delete(objKey(previous.externalId));
        }
        const updating = previous?.externalId === href;
        let res = await put(href, ics, updating ? { etag: old?.etag } : 'create');
        if (res.status === 412) {
          // Changed by a calendar client since our write (or already there): Atrium's booking decides.
          ctx.logger.warn({ bookingId: booking.id, href }, 'CalDAV event changed outside Atrium: written again');
          const current = await call('GET', href, () => davFetch(href, { method: 'HEAD', headers }));
          res = await put(href, ics, { etag: current.headers.get('etag') ?? undefined });
        }
        if (!res.ok) throw failure('PUT', href, res.status, await res.text());
        await ctx.kv.set(objKey(href), { uid, etag: res.headers.get('etag') ?? undefined } satisfies Written);
        return { externalId: href };
      },

      async cancelEvent(booking, previous, room) {
        const calendar = room ? calendarOfRoom(room) : calendarUrlOf(booking.resourceId);
        const href =
          previous?.externalId ?? `${calendar}${encodeURIComponent(`${ATRIUM_UID_PREFIX}${booking.id}@${host}`)}.ics`;
        await remove(href);
        await ctx.kv.delete(objKey(href));
      },

      async changes(rooms, state) {
        let tokens: Record<string, string> = {};
        if (state) {
          try {
            tokens = JSON.parse(state) as Record<string, string>;
          } catch {
            ctx.logger.warn('CalDAV sync state unreadable: listing every calendar');
          }
        }
        const next: Record<string, string> = {};
        const events: ExternalEvent[] = [];
        const errors: Error[] = [];
        for (const room of rooms) {
          const before = tokens[String(room.resourceId)];
          try {
            const r = await roomChanges(room, before);
            events.push(...r.events);
            if (r.token) next[room.resourceId] = r.token;
          } catch (err) {
            // One room's calendar failing does not hold the others back: it is read again from its old token.
            errors.push(err as Error);
            ctx.logger.warn({ resourceId: room.resourceId, err: (err as Error).message }, 'CalDAV room not read');
            if (before) next[room.resourceId] = before;
          }
        }
        if (rooms.length > 0 && errors.length === rooms.length) throw errors[0]!;
        return { events, state: JSON.stringify(next) };
      },

      /**
       * A calendar-query REPORT with a time-range filter (RFC 4791 §7.8.1, §9.9) over the room's calendar; the
       * objects answered are expanded here (servers differ in how they expand). Atrium's own events count too: the
       * core takes out the time its bookings hold.
       */
      async busyTimes(resourceRef, from, to, room) {
        const url = room
          ? calendarOfRoom(room)
          : /^https?:\/\//.test(resourceRef)
            ? calendarOfRoom({ resourceId: 0, ref: resourceRef })
            : undefined;
        if (!url) return [];
        const stamp = (ms: number) =>
          new Date(ms)
            .toISOString()
            .replace(/[-:]/g, '')
            .replace(/\.\d{3}/, '');
        let responses: Awaited<ReturnType<typeof calendarQuery>>;
        try {
          responses = await calendarQuery({
            url,
            props: { 'd:getetag': {}, 'c:calendar-data': {} },
            filters: {
              'c:comp-filter': {
                _attributes: { name: 'VCALENDAR' },
                'c:comp-filter': {
                  _attributes: { name: 'VEVENT' },
                  'c:time-range': { _attributes: { start: stamp(from), end: stamp(to) } },
                },
              },
            },
            depth: '1',
            headers,
            fetch: davFetch,
          });
        } catch (err) {
          // tsdav throws on a refused query ("Collection query failed: 401 Unauthorized"): said like any refusal.
          const status = /query failed: (\d{3})/.exec(err instanceof Error ? err.message : String(err))?.[1];
          throw status ? failure('REPORT', url, Number(status)) : unreachable('REPORT', url, err);
        }
        const busy: Array<{ startAt: number; endAt: number }> = [];
        for (const r of responses) {
          const data = textOf((r.props as { calendarData?: unknown } | undefined)?.calendarData);
          if (!data || r.status < 200 || r.status >= 300) continue;
          try {
            busy.push(...busyOf(data, from, to));
          } catch (err) {
            ctx.logger.warn({ href: r.href, err: (err as Error).message }, 'CalDAV object is not valid iCalendar');
          }
        }
        return busy.sort((a, b) => a.startAt - b.startAt);
      },

      async decline(event, room, reason) {
        const href = await hrefOf(room, event.uid);
        ctx.logger.info({ resourceId: room.resourceId, uid: event.uid, reason }, 'CalDAV event declined');
        if (!href) return;
        await remove(href);
        // Declined, not cancelled by its organiser: the deletion is not reported back by `changes`.
        const hrefs = (await ctx.kv.get<HrefMap>(roomKey(room.resourceId))) ?? {};
        const { [href]: _declined, ...rest } = hrefs;
        await ctx.kv.set(roomKey(room.resourceId), rest);
      },

      async health() {
        const url = `${root}/${encodeURIComponent(username)}/`;
        const [res] = await call('PROPFIND', url, () =>
          propfind({ url, props: { 'd:current-user-principal': {} }, depth: '0', headers, fetch: davFetch }),
        );
        const status = res?.status ?? 0;
        if (status >= 200 && status < 300) return { ok: true, detail: `${username} on ${host}` };
        return { ok: false, detail: failure('PROPFIND', url, status).message };
      },
    };
  },
});
