/**
 * Door access on Hikvision access-control terminals over ISAPI (plugins/hikvision-isapi), following Hikvision's
 * ISAPI developer guide "Access Control on Person" (https://tpp.hikvision.com):
 *
 * - `PUT /ISAPI/AccessControl/UserInfo/SetUp?format=json` adds or changes a person (`UserInfo`: employeeNo,
 *   name, userType "normal", `Valid` { enable, beginTime, endTime, timeType "local" }, the door's right);
 * - `PUT /ISAPI/AccessControl/CardInfo/SetUp?format=json` gives them a card (`CardInfo`, cardType "normalCard");
 * - `PUT /ISAPI/AccessControl/UserInfo/Delete?format=json` removes people with their cards;
 * - `PUT /ISAPI/AccessControl/RemoteControl/door/<doorNo>` `<RemoteControlDoor><cmd>open</cmd>` opens (`open`);
 * - `GET /ISAPI/Event/notification/alertStream`: AccessControllerEvents with a `cardNo` are cards read (`watch`);
 * - `GET /ISAPI/System/deviceInfo` for health.
 *
 * How bookings become terminal users. A terminal knows people, each with one validity window, and a card number
 * belongs to one person on it: one user per booking would put a person's card on two users as soon as they have
 * two bookings at the same door, which the terminal refuses. So there is one terminal user per Atrium person and
 * terminal, employeeNo `atr` + 24 hex digits of SHA-256(username) (deterministic, 27 characters, within ISAPI's
 * 32, and no personal data on the device beyond the username as its name). Its window spans the person's
 * grants at that terminal that have not ended: from the earliest start to the latest end. The price: someone
 * with two bookings at one door the same week can enter between them too. The terminal's own clock decides, in
 * its local time, so the window is written in the terminal's IANA time zone (a setting per terminal).
 *
 * What was granted is kept in `ctx.kv`, so revokes and changed grants know which users to change:
 * - `lock:<lockId>:booking:<bookingId>` → the employeeNos that booking put on the terminal;
 * - `lock:<lockId>:person:<employeeNo>` → `{ username, cardNo, windows: { <bookingId>: [from, to] } }`.
 * A grant replaces the booking's windows (people no longer in it lose theirs: their user is narrowed, or deleted
 * when nothing is left), a changed card deletes the user first (deleting a person drops their cards), and a
 * revoke removes the booking's windows the same way; a revoke of a pair never granted finds nothing and succeeds.
 * The booking's list is written before the terminal is touched (with the people of both old and new grant), so a
 * crash midway leaves nothing unaccounted; a repeated call writes the same users again. Calls about one terminal
 * are serialised in this process; two processes granting two bookings of one person at one terminal at the same
 * moment could lose one window (the outbox rarely does that, and the next grant or revoke repairs it).
 *
 * People without a card number are skipped: the terminal would have nothing to check.
 */
import { createHash } from 'node:crypto';
import { definePlugin, z, type AccessGrant, type CardRead } from '../../core/plugin-sdk/index.ts';
import {
  eventTime,
  Isapi,
  isapiSettings,
  isTimeZone,
  localTime,
  TerminalBase,
  watchAlertStream,
  type IsapiTerminal,
} from '../hikvision-isapi/isapi.ts';

const Terminal = TerminalBase.extend({
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, 'not an IANA time zone (e.g. Asia/Shanghai)')
    .describe("the terminal's time zone (IANA, e.g. Asia/Shanghai): validity windows are sent in its local time"),
});
export const Settings = isapiSettings(Terminal);
export type Settings = z.infer<typeof Settings>;
type Terminal = Settings['terminals'][number];

interface PersonRecord {
  username: string;
  cardNo: string;
  /** bookingId → [from, to] epoch ms. */
  windows: Record<string, [number, number]>;
}

/** The terminal user of one Atrium person: stable, at most 32 characters, only [0-9a-z]. */
export function employeeNoOf(username: string): string {
  return `atr${createHash('sha256').update(username, 'utf8').digest('hex').slice(0, 24)}`;
}

export default definePlugin({
  id: 'hikvision-access',
  kind: 'access',
  names: { cn: '海康威视门禁', en: 'Hikvision access control', ja: 'Hikvision 入退室管理' },
  settings: Settings,
  secrets: ['password'],
  endpoints: ['terminals'],
  timeoutMs: 60_000,
  create(ctx) {
    const isapi = new Isapi(ctx);
    const { terminals } = ctx.settings;
    const byId = new Map(terminals.map((t) => [t.id, t]));
    const terminalOf = (lockId: string): Terminal => {
      const t = byId.get(lockId);
      if (!t) throw new Error(`no Hikvision terminal "${lockId}" in the settings`);
      return t;
    };

    const bookingKey = (lockId: string, bookingId: number) => `lock:${lockId}:booking:${bookingId}`;
    const personKey = (lockId: string, employeeNo: string) => `lock:${lockId}:person:${employeeNo}`;

    /** One chain per terminal: a person's record is read, changed and written by one call at a time. */
    const chains = new Map<string, Promise<unknown>>();
    function serial<T>(lockId: string, work: () => Promise<T>): Promise<T> {
      const run = (chains.get(lockId) ?? Promise.resolve()).then(work, work);
      chains.set(
        lockId,
        run.catch(() => undefined),
      );
      return run;
    }

    /** Windows still to come; an ended booking no longer widens anyone's window. */
    const current = (windows: PersonRecord['windows']) =>
      Object.fromEntries(Object.entries(windows).filter(([, [, to]]) => to > ctx.clock.now()));

    /** Keeps the record about as long as its last window, plus a week for late revokes. */
    const ttlOf = (windows: PersonRecord['windows']) =>
      Math.max(0, ...Object.values(windows).map(([, to]) => to - ctx.clock.now())) + 7 * 86_400_000;

    async function writeUser(t: Terminal, employeeNo: string, record: PersonRecord): Promise<void> {
      const spans = Object.values(record.windows);
      const from = Math.min(...spans.map(([f]) => f));
      const to = Math.max(...spans.map(([, e]) => e));
      await isapi.call(t, {
        method: 'PUT',
        path: '/ISAPI/AccessControl/UserInfo/SetUp?format=json',
        json: {
          UserInfo: {
            employeeNo,
            name: record.username.slice(0, 32),
            userType: 'normal',
            Valid: {
              enable: true,
              beginTime: localTime(Math.floor(from / 1000) * 1000, t.timeZone),
              endTime: localTime(Math.ceil(to / 1000) * 1000, t.timeZone),
              timeType: 'local',
            },
            doorRight: String(t.doorNo),
            // Plan template 1 is the terminal's all-day template; the window above does the limiting.
            RightPlan: [{ doorNo: t.doorNo, planTemplateNo: '1' }],
          },
        },
      });
    }

    async function writeCard(t: Terminal, employeeNo: string, cardNo: string): Promise<void> {
      await isapi.call(t, {
        method: 'PUT',
        path: '/ISAPI/AccessControl/CardInfo/SetUp?format=json',
        json: { CardInfo: { employeeNo, cardNo, cardType: 'normalCard' } },
      });
    }

    /** Takes one booking's window away from a person: narrows their user, or deletes it when none is left. */
    async function withdraw(t: Terminal, bookingId: number, employeeNo: string): Promise<void> {
      const key = personKey(t.id, employeeNo);
      const record = await ctx.kv.get<PersonRecord>(key);
      if (!record) {
        await isapi.deleteUsers(t, [employeeNo]);
        return;
      }
      const windows = current(record.windows);
      delete windows[String(bookingId)];
      if (!Object.keys(windows).length) {
        await isapi.deleteUsers(t, [employeeNo]);
        await ctx.kv.delete(key);
        return;
      }
      const next = { ...record, windows };
      await writeUser(t, employeeNo, next);
      await ctx.kv.set(key, next, ttlOf(windows));
    }

    async function grant(g: AccessGrant): Promise<void> {
      const t = terminalOf(g.lockId);
      const key = bookingKey(t.id, g.bookingId);
      const before = (await ctx.kv.get<string[]>(key)) ?? [];
      const people = new Map<string, { username: string; cardNo: string }>();
      for (const p of g.people) {
        const cardNo = p.cardNo?.trim();
        if (!cardNo) {
          ctx.logger.debug({ bookingId: g.bookingId, username: p.username }, 'no card number: not on the terminal');
          continue;
        }
        people.set(employeeNoOf(p.username), { username: p.username, cardNo });
      }
      const after = [...people.keys()];
      const ttl = Math.max(0, g.to - ctx.clock.now()) + 7 * 86_400_000;
      await ctx.kv.set(key, [...new Set([...before, ...after])], ttl);

      for (const [employeeNo, person] of people) {
        const pKey = personKey(t.id, employeeNo);
        const old = await ctx.kv.get<PersonRecord>(pKey);
        if (old && old.cardNo !== person.cardNo) await isapi.deleteUsers(t, [employeeNo]);
        const windows = { ...current(old?.windows ?? {}), [String(g.bookingId)]: [g.from, g.to] as [number, number] };
        const record: PersonRecord = { username: person.username, cardNo: person.cardNo, windows };
        await writeUser(t, employeeNo, record);
        await writeCard(t, employeeNo, person.cardNo);
        await ctx.kv.set(pKey, record, ttlOf(windows));
      }
      for (const employeeNo of before.filter((e) => !people.has(e))) await withdraw(t, g.bookingId, employeeNo);
      await ctx.kv.set(key, after, ttl);
    }

    async function revoke(bookingId: number, lockId: string): Promise<void> {
      const t = terminalOf(lockId);
      const key = bookingKey(t.id, bookingId);
      const granted = await ctx.kv.get<string[]>(key);
      if (!granted) return;
      for (const employeeNo of granted) await withdraw(t, bookingId, employeeNo);
      await ctx.kv.delete(key);
    }

    return {
      grant: (g) => serial(g.lockId, () => grant(g)),
      revoke: (bookingId, lockId) => serial(lockId, () => revoke(bookingId, lockId)),
      async open(lockId) {
        const t = terminalOf(lockId);
        await isapi.call(t, {
          method: 'PUT',
          path: `/ISAPI/AccessControl/RemoteControl/door/${t.doorNo}`,
          body: {
            type: 'application/xml',
            data:
              '<?xml version="1.0" encoding="UTF-8"?>' +
              '<RemoteControlDoor version="2.0" xmlns="http://www.isapi.org/ver20/XMLSchema"><cmd>open</cmd></RemoteControlDoor>',
          },
        });
      },
      async watch(onRead: (read: CardRead) => void) {
        const stops = terminals.map((t: IsapiTerminal) =>
          watchAlertStream({
            isapi,
            terminal: t,
            logger: ctx.logger,
            connectTimeoutMs: ctx.settings.timeoutMs,
            onEvent(event) {
              const card = event.AccessControllerEvent?.cardNo?.trim();
              if (event.eventType !== 'AccessControllerEvent' || !card) return;
              onRead({ readerId: t.id, cardNo: card, at: eventTime(event, ctx.clock.now()) });
            },
          }),
        );
        return () => stops.forEach((stop) => stop());
      },
      health: () => isapi.health(terminals),
    };
  },
});
