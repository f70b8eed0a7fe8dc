import test from 'ava';
import { pastEnd } from '../../../core/modules/bookings/rules/past-end.ts';
import { context, NOW } from './context.ts';

const MIN = 60_000;

test('a change that would end the booking at or before now is refused', (t) => {
  const underway = { startAt: NOW - 60 * MIN, originalStartAt: NOW - 60 * MIN, modifying: true };
  t.deepEqual(pastEnd(context({ ...underway, endAt: NOW - 30 * MIN })), { key: 'bookings.endPassed' });
  t.deepEqual(pastEnd(context({ ...underway, endAt: NOW })), { key: 'bookings.endPassed' });
});

test('a change ending later than now, and any creation, pass', (t) => {
  t.is(pastEnd(context({ startAt: NOW - 60 * MIN, endAt: NOW + 15 * MIN, modifying: true })), null);
  t.is(pastEnd(context({ startAt: NOW - 60 * MIN, endAt: NOW - 30 * MIN })), null, 'past-time speaks for a creation');
});
