import test from 'ava';
import { busyOutside } from '../../../core/modules/bookings/rules/busy-outside.ts';
import { context } from './context.ts';

const busy = (h1: number, h2: number) => ({ startAt: Date.UTC(2027, 2, 2, h1), endAt: Date.UTC(2027, 2, 2, h2) });

test("a time the room's calendar shows busy outside Atrium refuses (R23.7)", (t) => {
  t.deepEqual(busyOutside(context({ busyOutside: [busy(9, 11)] })), { key: 'calendar.busyOutside' });
});

test('touching busy times, none, or no calendar that decides do not', (t) => {
  t.is(busyOutside(context({ busyOutside: [busy(10, 12), busy(7, 9)] })), null);
  t.is(busyOutside(context({ busyOutside: [] })), null);
  t.is(busyOutside(context()), null);
});
