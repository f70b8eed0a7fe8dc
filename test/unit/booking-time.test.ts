import test from 'ava';
import { instantOf, weekdayOf } from '../../core/modules/bookings/time.ts';

const HOUR = 3_600_000;

test('wall-clock times are read in the zone, across a spring-forward day', (t) => {
  const day = '2027-03-14'; // New York moves its clocks from 02:00 to 03:00
  const zone = 'America/New_York';
  t.is(instantOf(day, '00:00', zone), Date.parse('2027-03-14T05:00:00Z'));
  t.is(instantOf(day, '03:00', zone) - instantOf(day, '01:00', zone), HOUR, 'one real hour between 01:00 and 03:00');
  t.is(
    instantOf(day, '24:00', zone) - instantOf(day, '00:00', zone),
    23 * HOUR,
    '24:00 is the next midnight: a 23-hour day',
  );
  t.is(instantOf(day, '09:30', 'Asia/Shanghai'), Date.parse('2027-03-14T01:30:00Z'));
});

test('remembered answers stay right, also once the bound has been passed and they are computed again', (t) => {
  const first = instantOf('2027-11-07', '01:30', 'America/New_York'); // the repeated hour of fall-back
  t.is(instantOf('2027-11-07', '01:30', 'America/New_York'), first);
  for (let m = 0; m < 12_000; m++)
    instantOf(
      '2027-01-01',
      `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
      `Etc/GMT${m % 2 ? '+' : '-'}${(m % 12) + 1}`,
    );
  t.is(instantOf('2027-11-07', '01:30', 'America/New_York'), first);
  t.is(weekdayOf('2027-03-14'), 0, 'a Sunday');
  t.is(weekdayOf('2027-03-15'), 1);
  t.true(
    Number.isNaN(instantOf('2027-02-30', '10:00', 'UTC')),
    'an impossible date is no instant, however often asked',
  );
  t.true(Number.isNaN(instantOf('2027-02-30', '10:00', 'UTC')));
});
