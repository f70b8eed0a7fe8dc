import test from 'ava';
import { openHours } from '../../../core/modules/bookings/rules/open-hours.ts';
import { context, resource } from './context.ts';

const week = (from: string, to: string, closed: number[] = []) =>
  new Map([0, 1, 2, 3, 4, 5, 6].map((d) => [d, { enabled: !closed.includes(d), from, to }]));

test("inside the day's open hours passes", (t) => {
  t.is(openHours(context({ resource: resource({ openHours: week('08:00', '18:00') }) })), null);
});

test('outside the open hours is refused with the hours', (t) => {
  const f = openHours(
    context({ resource: resource({ openHours: week('08:00', '18:00') }), startTime: '17:00', endTime: '19:00' }),
  );
  t.deepEqual(f, { key: 'bookings.outsideOpenHours', params: { from: '08:00', to: '18:00' } });
});

test('a closed weekday is refused (2027-03-02 is a Tuesday)', (t) => {
  t.is(
    openHours(context({ resource: resource({ openHours: week('00:00', '24:00', [2]) }) }))?.key,
    'bookings.closedDay',
  );
});

test('whole_day resources are open around the clock on open days; 24:00 ends the day', (t) => {
  t.is(
    openHours(
      context({
        resource: resource({ openHours: week('08:00', '18:00'), wholeDay: true }),
        startTime: '20:00',
        endTime: '24:00',
      }),
    ),
    null,
  );
});

test('all_day resources take whole-day bookings only', (t) => {
  t.is(openHours(context({ resource: resource({ allDay: true }) }))?.key, 'bookings.allDayOnly');
  t.is(
    openHours(context({ resource: resource({ allDay: true }), wholeDay: true, startTime: '00:00', endTime: '24:00' })),
    null,
  );
});

test('no open-hours rows at all means always open', (t) => {
  t.is(openHours(context({ startTime: '00:00', endTime: '24:00' })), null);
});
