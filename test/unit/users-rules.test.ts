import test from 'ava';
import { hashEmployeeNoPassword, hashPassword, verifyPassword } from '../../core/modules/users/password.ts';
import { policyViolations, type PasswordPolicy } from '../../core/modules/users/password-policy.ts';
import { randomFor, userFieldErrors, type UserSettings } from '../../core/modules/users/rules.ts';
import { splitRoles } from '../../core/modules/users/import.ts';

const policy: PasswordPolicy = {
  passwordMinLength: 8,
  passwordMaxLength: 50,
  passwordDigits: true,
  passwordLower: true,
  passwordUpper: false,
  passwordSpecial: false,
  passwordValidityDays: 0,
  passwordPromptDays: 7,
};
const settings = (over: Partial<UserSettings> = {}): UserSettings => ({
  policy,
  usernoPattern: null,
  usernoAsPass: false,
  ...over,
});
const fields = (u: Parameters<typeof userFieldErrors>[0], s = settings()) =>
  userFieldErrors(u, s, 'en').map((e) => e.field);

test('phone numbers as people write them pass; words and too few digits do not', (t) => {
  for (const phone of ['13800138000', '+86 138-0013-8000', '(03) 1234.5678', '110'])
    t.deepEqual(fields({ employeeNo: 'E1', phone }), [], phone);
  for (const phone of ['call me', '12', '+-()', '1'.repeat(21), '138 0013 8000 ext 5'])
    t.deepEqual(fields({ employeeNo: 'E1', phone }), ['phone'], phone);
});

test('e-mail and IP addresses are checked; empty values are fine', (t) => {
  t.deepEqual(fields({ employeeNo: 'E1', email: 'a.b@example.org', ipAddress: '::1' }), []);
  t.deepEqual(fields({ employeeNo: 'E1', email: 'a@b', ipAddress: '10.0.0.256' }), ['email', 'ipAddress']);
  t.deepEqual(fields({ employeeNo: 'E1', email: null, ipAddress: '', phone: null }), []);
});

test('the employee-number pattern matches the whole number', (t) => {
  const s = settings({ usernoPattern: new RegExp('^(?:E\\d{4})$', 'u') });
  t.deepEqual(fields({ employeeNo: 'E1234' }, s), []);
  t.deepEqual(fields({ employeeNo: 'XE1234' }, s), ['employeeNo']);
  t.deepEqual(fields({ employeeNo: 'E12345' }, s), ['employeeNo']);
});

test('the expiry time is never earlier than the enable time', (t) => {
  t.deepEqual(fields({ employeeNo: 'E1', enableAt: 10, restrictAt: 9 }), ['restrictAt']);
  t.deepEqual(fields({ employeeNo: 'E1', enableAt: 10, restrictAt: 10 }), []);
  t.deepEqual(fields({ employeeNo: 'E1', enableAt: null, restrictAt: 9 }), []);
});

test('random passwords meet the policy, even a short maximum length', (t) => {
  const strict = { ...policy, passwordUpper: true, passwordSpecial: true };
  t.deepEqual(policyViolations(randomFor(settings({ policy: strict })), strict), []);
  const short = { ...strict, passwordMinLength: 6, passwordMaxLength: 10 };
  const p = randomFor(settings({ policy: short }));
  t.is(p.length, 10);
  t.deepEqual(policyViolations(p, short), []);
});

test('employee-number hashes verify like full-cost ones and differ per salt', async (t) => {
  const a = await hashEmployeeNoPassword('E0001');
  const b = await hashEmployeeNoPassword('E0001');
  t.not(a, b);
  t.true(await verifyPassword('E0001', a));
  t.false(await verifyPassword('E0002', a));
  t.regex(a, /^scrypt\$64\$/);
  t.regex(await hashPassword('x'), /^scrypt\$16384\$/);
});

test('role names in an import cell are split on commas, semicolons and their full-width forms', (t) => {
  t.deepEqual(splitRoles('员工, 系统管理员；Auditors，Ops;'), ['员工', '系统管理员', 'Auditors', 'Ops']);
  t.deepEqual(splitRoles('  '), []);
});
