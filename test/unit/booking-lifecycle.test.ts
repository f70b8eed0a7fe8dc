/**
 * The booking lifecycle table against a statement of it written out here by hand: every command from every
 * state, by every role, before, during and after the meeting, either moves where this file says or is refused
 * with a message the catalogue has in cn, en and ja.
 */
import fs from 'node:fs';
import test from 'ava';
import { catalogue } from '../../core/i18n/messages/index.ts';
import { LANGS } from '../../core/i18n/index.ts';
import {
  BOOKING_STATES,
  CHANGEABLE,
  checkStatusOf,
  COMMANDS,
  FINAL,
  HOLDS_TIME,
  initialState,
  judge,
  leadsTo,
  LIFECYCLE,
  NEW,
  ROLES,
  stateColumns,
  statesFrom,
  type BookingState,
  type CheckStatus,
  type Command,
  type FromState,
  type Role,
} from '../../core/modules/bookings/lifecycle.ts';

const HOUR = 3_600_000;
const START = Date.UTC(2027, 2, 1, 9);
const END = START + 2 * HOUR;
const MOMENTS = { before: START - HOUR, during: START + HOUR, after: END + HOUR } as const;
type Moment = keyof typeof MOMENTS;

/** Where each command leads from each state it runs from (the first of its choices); nothing else moves. */
const MOVES: Record<Command, Partial<Record<FromState, BookingState>>> = {
  create: { new: 'confirmed' },
  approve: { pending: 'confirmed' },
  deny: { pending: 'denied' },
  revoke: { pending: 'revoked' },
  expire: { pending: 'expired' },
  checkIn: { confirmed: 'checkedIn' },
  checkOut: { checkedIn: 'ended' },
  extend: { pending: 'pending', confirmed: 'confirmed', checkedIn: 'checkedIn' },
  cancel: { pending: 'cancelled', confirmed: 'cancelled', checkedIn: 'cancelled' },
  noShow: { confirmed: 'autoCancelled' },
  modify: { pending: 'pending', confirmed: 'confirmed', checkedIn: 'checkedIn' },
  modifySeries: { pending: 'pending', confirmed: 'confirmed' },
  changeCode: { pending: 'pending', confirmed: 'confirmed' },
};

/** Who may run each command. */
const WHO: Record<Command, Role[]> = {
  create: ['organiser'],
  approve: ['approver'],
  deny: ['approver'],
  revoke: ['organiser'],
  expire: ['scheduler'],
  checkIn: ['organiser', 'attendee', 'codeHolder', 'doorTablet'],
  checkOut: ['organiser', 'bookingAdmin', 'doorTablet'],
  extend: ['organiser', 'bookingAdmin', 'doorTablet'],
  cancel: ['organiser', 'bookingAdmin'],
  noShow: ['scheduler'],
  modify: ['organiser', 'bookingAdmin'],
  modifySeries: ['organiser', 'bookingAdmin'],
  changeCode: ['organiser'],
};

/** The moment each move may happen (a command runs before the start unless said otherwise). */
function allowedAt(command: Command, from: FromState): Moment[] {
  if (command === 'expire' || command === 'noShow') return ['during', 'after'];
  if (command === 'checkOut') return ['during'];
  if (command === 'cancel' && from === 'checkedIn') return ['before'];
  if (['approve', 'deny', 'revoke'].includes(command)) return ['before'];
  if (command === 'create') return ['before', 'during', 'after'];
  return ['before', 'during'];
}

const translated = (key: string) => LANGS.every((lang) => key in catalogue[lang]);
const FROM: FromState[] = [NEW, ...BOOKING_STATES];

test('every command from every state, by every role, at every moment: the stated move or a translated refusal', (t) => {
  let moved = 0;
  let refused = 0;
  for (const command of COMMANDS)
    for (const from of FROM)
      for (const role of ROLES)
        for (const moment of Object.keys(MOMENTS) as Moment[]) {
          const v = judge(command, { roles: [role], state: from, startAt: START, endAt: END, now: MOMENTS[moment] });
          const expected = MOVES[command][from];
          const ok = WHO[command].includes(role) && expected !== undefined && allowedAt(command, from).includes(moment);
          const what = `${command} from ${from} by ${role} ${moment}`;
          if (ok) {
            t.true(v.ok, what);
            if (v.ok) t.is(v.to, expected, what);
            moved++;
          } else {
            t.false(v.ok, what);
            if (!v.ok) {
              t.true(translated(v.key), `${what}: ${v.key} has a message in every language`);
              t.is(v.refusal, !WHO[command].includes(role) ? 'role' : expected === undefined ? 'state' : 'time', what);
            }
            refused++;
          }
        }
  t.is(moved + refused, COMMANDS.length * FROM.length * ROLES.length * 3);
  t.true(moved > 50 && refused > 1000);
});

test('refusals say why in the words the console shows', (t) => {
  const key = (command: Command, state: FromState, role: Role, moment: Moment) => {
    const v = judge(command, { roles: [role], state, startAt: START, endAt: END, now: MOMENTS[moment] });
    return v.ok ? `moved to ${v.to}` : v.key;
  };
  t.is(key('checkIn', 'pending', 'codeHolder', 'before'), 'bookings.notApproved');
  t.is(key('checkIn', 'cancelled', 'codeHolder', 'before'), 'bookings.notChangeable');
  t.is(key('checkIn', 'confirmed', 'codeHolder', 'after'), 'bookings.checkInClosed');
  t.is(
    key('checkOut', 'confirmed', 'organiser', 'during'),
    'bookings.notCheckedIn',
    'no check-out to escape a no-show',
  );
  t.is(key('checkOut', 'checkedIn', 'organiser', 'before'), 'bookings.notStarted');
  t.is(key('checkOut', 'checkedIn', 'organiser', 'after'), 'bookings.notChangeable');
  t.is(key('cancel', 'checkedIn', 'organiser', 'before'), 'moved to cancelled', 'checked in early, still released');
  t.is(key('cancel', 'checkedIn', 'organiser', 'during'), 'bookings.underway');
  t.is(key('cancel', 'confirmed', 'organiser', 'after'), 'bookings.notChangeable');
  t.is(key('cancel', 'confirmed', 'codeHolder', 'before'), 'bookings.notOrganiser');
  t.is(key('approve', 'pending', 'organiser', 'before'), 'approvals.ownBooking');
  t.is(key('approve', 'pending', 'bookingAdmin', 'before'), 'approvals.notApprover');
  t.is(key('approve', 'confirmed', 'approver', 'before'), 'approvals.notPending');
  t.is(key('approve', 'pending', 'approver', 'during'), 'approvals.startPassed');
  t.is(key('revoke', 'pending', 'bookingAdmin', 'before'), 'bookings.notOrganiser');
  t.is(key('expire', 'pending', 'organiser', 'during'), 'bookings.schedulerOnly');
  t.is(key('expire', 'pending', 'scheduler', 'before'), 'bookings.notStarted');
  t.is(key('modifySeries', 'checkedIn', 'organiser', 'during'), 'bookings.notChangeable');
  t.is(key('changeCode', 'confirmed', 'bookingAdmin', 'before'), 'bookings.notOrganiser');
});

test('a caller refused as one role is let through by another it holds', (t) => {
  const v = judge('approve', { roles: ['organiser', 'approver'], state: 'pending', startAt: START, endAt: END });
  t.true(v.ok, 'the table asks whether any role may; the approver role itself leaves out the organiser');
  t.false(judge('modify', { roles: [], state: 'confirmed', startAt: START, endAt: END }).ok);
});

test('a command choosing among its moves gets only those the table lists', (t) => {
  const at = { startAt: START, endAt: END, now: MOMENTS.before };
  const waits = judge('modify', { roles: ['organiser'], state: 'confirmed', to: 'pending', ...at });
  t.true(waits.ok && waits.to === 'pending', 'an approved booking moved goes back to its approvers');
  t.true(leadsTo('modify', 'pending', 'confirmed'), 'moved where nobody approves, it stands');
  t.false(leadsTo('modify', 'checkedIn', 'pending'), 'a meeting under way never goes back to waiting');
  t.false(leadsTo('extend', 'checkedIn', 'pending'));
  t.throws(() => judge('modify', { roles: ['organiser'], state: 'confirmed', to: 'ended', ...at }));
  t.is(initialState(false), 'confirmed');
  t.is(initialState(true), 'pending');
  for (const needs of [false, true]) t.true(leadsTo('create', NEW, initialState(needs)));
});

test('a meeting under way may change only its end', (t) => {
  t.true(LIFECYCLE.modify.from.checkedIn?.endOnly);
  for (const s of ['pending', 'confirmed', 'checkedIn'] as const) t.true(LIFECYCLE.extend.from[s]?.endOnly);
  t.falsy(LIFECYCLE.modify.from.confirmed?.endOnly);
});

test('check status follows from the state, and an update writes both', (t) => {
  const expected: Record<BookingState, CheckStatus> = {
    pending: 4,
    confirmed: 0,
    checkedIn: 1,
    ended: 2,
    cancelled: 3,
    autoCancelled: 3,
    denied: 3,
    expired: 3,
    revoked: 3,
  };
  for (const s of BOOKING_STATES) {
    t.is(checkStatusOf(s), expected[s], s);
    t.deepEqual(stateColumns(s), { state: s, check_status: expected[s] });
  }
});

test('every state either holds time or is final; the changeable ones hold time', (t) => {
  const holds = new Set<string>(HOLDS_TIME);
  const final = new Set<string>(FINAL);
  for (const s of BOOKING_STATES) t.true(holds.has(s) !== final.has(s), s);
  for (const s of CHANGEABLE) t.true(holds.has(s), s);
  // No command moves a final booking, and every move out of holding time lands in a state that holds or is final.
  for (const command of COMMANDS) for (const s of FINAL) t.is(LIFECYCLE[command].from[s], undefined, `${command} ${s}`);
  t.deepEqual(statesFrom('cancel'), ['pending', 'confirmed', 'checkedIn']);
  t.deepEqual(statesFrom('noShow'), ['confirmed']);
  t.deepEqual(statesFrom('create'), []);
});

test('lifecycle.ts imports nothing, so the console can read it as it is', (t) => {
  const text = fs.readFileSync(new URL('../../core/modules/bookings/lifecycle.ts', import.meta.url), 'utf8');
  t.notRegex(text, /^\s*import\b/m);
  t.notRegex(text, /\brequire\(/);
});

test('the console names every state in every language', (t) => {
  for (const lang of ['cn', 'en', 'ja']) {
    const file = new URL(`../../console/src/features/center/i18n/${lang}.json`, import.meta.url);
    const names = (JSON.parse(fs.readFileSync(file, 'utf8')) as { meetingState: Record<string, string> }).meetingState;
    for (const s of BOOKING_STATES) t.truthy(names[s], `${lang}: ${s}`);
  }
});
