// Sign-in throttle: failed sign-ins are counted per account name, per address and for everyone
// together, and make further tries wait a growing delay instead of locking the account. The two
// lockout parameters become the delay parameters.

const FREE_FAILURES = {
  key: 'signInFreeFailures',
  remark: {
    cn: '同一账号连续登录失败多少次后，每次重试须等待（等待时间逐次加倍）',
    en: 'Failed sign-ins of one account before each further try must wait (the wait doubles each time)',
    ja: '同じアカウントで何回ログインに失敗すると、次の試行まで待機が必要になるか（待機時間は毎回倍増）',
  },
};
const MAX_DELAY = {
  key: 'signInMaxDelaySeconds',
  remark: {
    cn: '登录失败后重试的最长等待时间（秒）',
    en: 'Longest wait before another sign-in try after repeated failures (seconds)',
    ja: 'ログイン失敗が続いたときの再試行までの最長待機時間（秒）',
  },
};

/** Moves a parameter's stored value to a new key, converted; nothing to do where it was never stored. */
async function move(knex, from, to, convert) {
  const row = await knex('params').where({ key: from }).first('value');
  if (!row) return;
  await knex('params').where({ key: to.key }).del();
  await knex('params').insert({
    key: to.key,
    value: JSON.stringify(convert(Number(JSON.parse(row.value)))),
    remark: JSON.stringify(to.remark),
    group_name: 'security',
    updated_at: Date.now(),
  });
  await knex('params').where({ key: from }).del();
}

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, Number.isFinite(v) ? Math.round(v) : lo));

/** @param {import('knex').Knex} knex */
exports.up = async (knex) => {
  await knex.schema.createTable('sign_in_throttle', (t) => {
    // user:<SHA-256 of the name as typed, lower case>, address:<client address>, or everyone
    t.string('subject', 200).primary();
    t.integer('failures').notNullable().defaultTo(0);
    t.bigInteger('first_failure_at').notNullable();
    t.bigInteger('last_failure_at').notNullable();
    t.bigInteger('blocked_until').notNullable().defaultTo(0);
    t.index(['last_failure_at']);
  });
  // 0 meant "never lock": it becomes the most lenient count of free failures.
  await move(knex, 'lockoutAttempts', FREE_FAILURES, (n) => (n === 0 ? 100 : clamp(n, 1, 100)));
  // 30 minutes was the shipped default rather than anyone's choice: it becomes the new default of five
  // minutes. A value an operator chose is kept in seconds, within the new bounds.
  await move(knex, 'lockoutMinutes', MAX_DELAY, (m) => (m === 30 ? 300 : clamp(m * 60, 10, 3600)));
};

/** @param {import('knex').Knex} knex */
exports.down = async (knex) => {
  await move(
    knex,
    'signInFreeFailures',
    {
      key: 'lockoutAttempts',
      remark: {
        cn: '连续登录失败多少次锁定账号（0 不锁定）',
        en: 'Failed sign-ins in a row that lock the account (0 never locks)',
        ja: '連続ログイン失敗で何回目にロックするか（0 はロックしない）',
      },
    },
    (n) => clamp(n, 0, 100),
  );
  await move(
    knex,
    'signInMaxDelaySeconds',
    {
      key: 'lockoutMinutes',
      remark: { cn: '账号锁定分钟数', en: 'Minutes an account stays locked', ja: 'アカウントのロック時間（分）' },
    },
    (s) => clamp(s / 60, 1, 10_080),
  );
  await knex.schema.dropTableIfExists('sign_in_throttle');
};
