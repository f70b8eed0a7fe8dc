/**
 * The console's booking form draft (console/src/features/center/components/booking-form/draft.ts): the employee
 * ID starts as the user's employee number without overwriting what was typed, a changed recurrence loses its
 * checked dates, the body follows the server's schema, and the checks refuse what the server would.
 */
import test from 'ava';
import {
  draftReducer,
  emptyDraft,
  inputOf,
  validate,
  type BookingDraft,
  type BookingTarget,
  type DraftAction,
} from '../../console/src/features/center/components/booking-form/draft.ts';
import { CreateBooking } from '../../core/modules/bookings/schema.ts';

const target: BookingTarget = {
  resourceId: 7,
  resourceName: 'Everest',
  date: '2027-03-03',
  startTime: '10:00',
  endTime: '11:00',
};
const t = (key: string) => key;
const run = (d: BookingDraft, ...actions: DraftAction[]) => actions.reduce(draftReducer, d);
const occurrence = (date: string, ok: boolean) => ({ date, startAt: 0, endAt: 1, ok, failures: [], conflicts: [] });

test('the employee ID starts as the employee number, which never overwrites a typed one', (t0) => {
  t0.is(emptyDraft(target.date, 'E-1').employeeId, 'E-1');
  t0.is(run(emptyDraft(target.date), { type: 'employeeNo', value: 'E-1' }).employeeId, 'E-1', 'filled once known');
  const typed = run(emptyDraft(target.date), { type: 'set', patch: { employeeId: 'X-9' } });
  t0.is(run(typed, { type: 'employeeNo', value: 'E-1' }).employeeId, 'X-9');
});

test('a changed recurrence or repeat loses its preview and the choice to skip', (t0) => {
  const checked = run(
    emptyDraft(target.date),
    { type: 'repeat', on: true },
    { type: 'preview', occurrences: [occurrence('2027-03-03', true), occurrence('2027-03-10', false)] },
    { type: 'skip', on: true },
  );
  t0.is(checked.preview?.length, 2);
  t0.true(checked.skip);
  const changed = run(checked, { type: 'recurrence', recurrence: { ...checked.recurrence, count: 6 } });
  t0.is(changed.preview, null);
  t0.false(changed.skip);
  t0.is(run(checked, { type: 'repeat', on: false }).preview, null);
});

test('the body is what the server accepts: trimmed, blank guests left out, the policy only after a preview', (t0) => {
  const d = run(
    emptyDraft(target.date, 'E-1'),
    { type: 'set', patch: { subject: '  Roadmap  ', phone: ' ', remarks: '' } },
    { type: 'addGuest' },
    { type: 'addGuest' },
    { type: 'guest', index: 1, patch: { name: ' Ann ', email: 'ann@example.org ' } },
  );
  const body = inputOf(target, d);
  t0.like(body, { subject: 'Roadmap', phone: undefined, remarks: undefined, employeeId: 'E-1' });
  t0.deepEqual(body.outerAttendees, [{ name: 'Ann', email: 'ann@example.org' }]);
  t0.true(CreateBooking.safeParse(body).success);

  const repeating = run(d, { type: 'repeat', on: true });
  t0.is(inputOf(target, repeating).conflictPolicy, undefined);
  const skipping = run(
    repeating,
    { type: 'preview', occurrences: [occurrence('2027-03-10', false)] },
    { type: 'skip', on: true },
  );
  const series = inputOf(target, skipping);
  t0.is(series.conflictPolicy, 'skip');
  t0.true(CreateBooking.safeParse(series).success);
});

test('the checks refuse what the server refuses, by field', (t0) => {
  const blank = emptyDraft(target.date);
  t0.deepEqual(Object.keys(validate(blank, false, t)).sort(), ['employeeId', 'subject']);
  const d = run(
    emptyDraft(target.date, 'E-1'),
    { type: 'set', patch: { subject: 'Sync', phone: '12' } },
    { type: 'addGuest' },
    { type: 'guest', index: 0, patch: { name: 'Bob', email: 'not-an-address' } },
    { type: 'repeat', on: true },
    { type: 'recurrence', recurrence: { freq: 'weekly', interval: 1, byWeekday: [], count: 2 } },
  );
  t0.deepEqual(validate(d, false, t), {
    phone: 'form.phoneRule',
    outerAttendees: 'form.outerRule',
    recurrence: 'rec.needDay',
  });
  t0.is(CreateBooking.safeParse(inputOf(target, d)).success, false, 'the server refuses it too');
  t0.deepEqual(validate(run(d, { type: 'set', patch: { phone: '' } }), true, t).phone, 'form.phoneRule');
});
