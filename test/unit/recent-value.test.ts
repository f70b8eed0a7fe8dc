import test from 'ava';
import { RecentValue } from '../../core/recent-value.ts';

function counter(values: unknown[] = []) {
  let reads = 0;
  return { reads: () => reads, load: async () => (reads++, values.length ? values.shift() : reads) };
}

test('a value is read once while it is young, and callers at the same moment share the read', async (t) => {
  const c = counter();
  const recent = new RecentValue(c.load, 60_000);
  const [a, b] = await Promise.all([recent.get(), recent.get()]);
  t.deepEqual([a, b, await recent.get()], [1, 1, 1]);
  t.is(c.reads(), 1);
});

test('forget makes the next reader read again', async (t) => {
  const c = counter();
  const recent = new RecentValue(c.load, 60_000);
  await recent.get();
  recent.forget();
  t.is(await recent.get(), 2);
});

test('an old value is read again', async (t) => {
  const c = counter();
  const recent = new RecentValue(c.load, 20);
  await recent.get();
  await new Promise((resolve) => setTimeout(resolve, 40));
  t.is(await recent.get(), 2);
});

test('a failed read is not remembered', async (t) => {
  let fail = true;
  const recent = new RecentValue(async () => {
    if (fail) throw new Error('database gone');
    return 'ok';
  }, 60_000);
  await t.throwsAsync(recent.get(), { message: 'database gone' });
  fail = false;
  t.is(await recent.get(), 'ok');
});
