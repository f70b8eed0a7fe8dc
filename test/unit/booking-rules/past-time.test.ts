import test from 'ava';
import { pastTime } from '../../../core/modules/bookings/rules/past-time.ts';
import { context, NOW } from './context.ts';

test('a start before the current 15-minute cell is expired', (t) => {
  t.deepEqual(pastTime(context({ startAt: NOW - 15 * 60_000 })), { key: 'bookings.timeExpired' });
});

test('the cell in progress and the future are fine', (t) => {
  t.is(pastTime(context({ now: NOW + 7 * 60_000, startAt: NOW })), null);
  t.is(pastTime(context()), null);
});

test('a modification keeping a past start (extending a meeting under way) is not refused', (t) => {
  t.is(pastTime(context({ now: NOW + 30 * 60_000, startAt: NOW, originalStartAt: NOW })), null);
  t.is(
    pastTime(context({ now: NOW + 30 * 60_000, startAt: NOW + 15 * 60_000, originalStartAt: NOW }))?.key,
    'bookings.timeExpired',
  );
});
