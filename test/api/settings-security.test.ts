import test from 'ava';
import { perDialect } from '../helpers/app.ts';
import { createUser, STAFF_PASSWORD } from '../helpers/users.ts';

type Form = { data: Record<string, unknown> };

perDialect(test, (dialect, app) => {
  let admin: string;
  test.serial(`${dialect}: security settings are read as one form`, async (t) => {
    admin = await app().adminToken();
    const res = await app().get<Form>('/api/sys/settings/security', { token: admin });
    t.is(res.status, 200);
    for (const k of [
      'passwordMinLength',
      'passwordMaxLength',
      'passwordDigits',
      'passwordLower',
      'passwordUpper',
      'passwordSpecial',
      'passwordValidityDays',
      'passwordPromptDays',
      'signInFreeFailures',
      'signInMaxDelaySeconds',
      'sessionMaxDays',
      'localLoginEnabled',
      'captchaEnabled',
    ]) {
      t.true(k in res.body.data, k);
    }
  });

  test.serial(`${dialect}: a valid change is saved, answered whole and written to the operation log`, async (t) => {
    const res = await app().put<Form>(
      '/api/sys/settings/security',
      {
        passwordMinLength: 10,
        passwordUpper: true,
        passwordValidityDays: 90,
        passwordPromptDays: 14,
        signInFreeFailures: 3,
        signInMaxDelaySeconds: 900,
        captchaEnabled: false,
      },
      { token: admin },
    );
    t.is(res.status, 200, JSON.stringify(res.body));
    t.is(res.body.data.passwordMinLength, 10);
    t.is(res.body.data.passwordValidityDays, 90);
    t.is(res.body.data.captchaEnabled, false);
    t.is(res.body.data.localLoginEnabled, true, 'untouched fields keep their value');
    const again = await app().get<Form>('/api/sys/settings/security', { token: admin });
    t.is(again.body.data.signInFreeFailures, 3);
    const log = await app().get<{ data: { items: Array<{ action: string; target: string }> } }>(
      '/api/sys/logs/operations?action=sys.params.update',
      { token: admin },
    );
    t.true(log.body.data.items.some((i) => i.target.includes('passwordMinLength')));
    // Restore what sign-in in later tests relies on.
    t.is(
      (
        await app().put(
          '/api/sys/settings/security',
          {
            captchaEnabled: true,
            passwordMinLength: 8,
            passwordUpper: false,
            passwordValidityDays: 0,
            signInFreeFailures: 5,
          },
          { token: admin },
        )
      ).status,
      200,
    );
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['min length above max', { passwordMinLength: 20, passwordMaxLength: 10 }, 'settings.passwordLengthOrder'],
    ['min length 0', { passwordMinLength: 0 }, 'common.validation'],
    ['max length above 50', { passwordMaxLength: 51 }, 'common.validation'],
    [
      'prompt days above validity',
      { passwordValidityDays: 10, passwordPromptDays: 11 },
      'settings.promptExceedsValidity',
    ],
    ['prompt days 0', { passwordValidityDays: 10, passwordPromptDays: 0 }, 'common.validation'],
    ['negative validity', { passwordValidityDays: -1 }, 'common.validation'],
    ['free failures 0', { signInFreeFailures: 0 }, 'common.validation'],
    ['a longest wait above an hour', { signInMaxDelaySeconds: 3601 }, 'common.validation'],
    ['a session of 0 days', { sessionMaxDays: 0 }, 'common.validation'],
    ['the old lockout minutes', { lockoutMinutes: 30 }, 'common.validation'],
    ['a flag that is not a boolean', { passwordDigits: 'maybe' }, 'common.validation'],
    ['a key of another group', { blocklistMaxViolations: 3 }, 'common.validation'],
    ['an unknown key', { nope: 1 }, 'common.validation'],
  ];
  for (const [name, body, key] of bad) {
    test.serial(`${dialect}: security refuses ${name}`, async (t) => {
      const res = await app().put('/api/sys/settings/security', body, { token: admin, lang: 'cn' });
      t.is(res.status, 400, JSON.stringify(res.body));
      t.is(res.body.key, key);
      t.truthy(res.body.msg);
      t.true(Array.isArray(res.body.errors) && res.body.errors.length > 0);
    });
  }

  test.serial(`${dialect}: the prompt rule uses the stored validity when only the prompt changes`, async (t) => {
    t.is(
      (
        await app().put(
          '/api/sys/settings/security',
          { passwordValidityDays: 5, passwordPromptDays: 5 },
          { token: admin },
        )
      ).status,
      200,
    );
    const res = await app().put('/api/sys/settings/security', { passwordPromptDays: 6 }, { token: admin, lang: 'en' });
    t.is(res.status, 400);
    t.regex(res.body.msg, /not more than the validity/);
    // Validity 0 switches expiry off: any prompt value is then accepted.
    t.is(
      (
        await app().put(
          '/api/sys/settings/security',
          { passwordValidityDays: 0, passwordPromptDays: 30 },
          { token: admin },
        )
      ).status,
      200,
    );
    t.is((await app().put('/api/sys/settings/security', { passwordPromptDays: 7 }, { token: admin })).status, 200);
  });

  test.serial(`${dialect}: nothing is saved when one field is wrong`, async (t) => {
    const res = await app().put(
      '/api/sys/settings/security',
      { signInMaxDelaySeconds: 45, passwordMaxLength: 99 },
      { token: admin },
    );
    t.is(res.status, 400);
    const now = await app().get<Form>('/api/sys/settings/security', { token: admin });
    t.is(now.body.data.signInMaxDelaySeconds, 900);
  });

  test.serial(`${dialect}: security settings need their permissions`, async (t) => {
    await createUser(app(), 'sec-staff');
    const staff = await app().tokenFor('sec-staff', STAFF_PASSWORD);
    t.is((await app().get('/api/sys/settings/security', { token: staff })).status, 403);
    t.is((await app().put('/api/sys/settings/security', { captchaEnabled: false }, { token: staff })).status, 403);
    t.is((await app().get('/api/sys/settings/security')).status, 401);
  });
});
