/**
 * The checks a user record must pass, shared by the API (one user) and the
 * import (thousands of rows), so both refuse the same things with the same
 * translated messages.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { ValidationError, type FieldError } from '../../errors.ts';
import { t, type Lang } from '../../i18n/index.ts';
import type { ParamsService } from '../params/index.ts';
import { randomPassword } from './password.ts';
import { POLICY_KEYS, policyViolations, type PasswordPolicy } from './password-policy.ts';

/** Phone numbers as people write them: digits with an optional +, spaces, dashes, dots and brackets; 3–20 characters. */
const PHONE = /^\+?[\d\s().-]{3,20}$/;
const EMAIL = z.email();

export interface UserSettings {
  policy: PasswordPolicy;
  /** Pattern the whole employee number must match, or null when any is accepted. */
  usernoPattern: RegExp | null;
  usernoAsPass: boolean;
}

export async function loadUserSettings(params: ParamsService): Promise<UserSettings> {
  const v = await params.getMany([...POLICY_KEYS, 'usernoAsPass']);
  // Null also for a stored pattern that is broken or could backtrack for seconds (saved before such were refused).
  const usernoPattern = await params.usernoPattern();
  return { policy: v as unknown as PasswordPolicy, usernoPattern, usernoAsPass: Boolean(v.usernoAsPass) };
}

export interface CheckedFields {
  employeeNo: string;
  phone?: string | null;
  email?: string | null;
  ipAddress?: string | null;
  restricted?: boolean;
  enableAt?: number | null;
  restrictAt?: number | null;
}

/** The field errors of a user record (empty when it passes), messages in `lang`. */
export function userFieldErrors(u: CheckedFields, s: UserSettings, lang: Lang): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, key: string) => errors.push({ field, message: t(lang, key) });
  if (s.usernoPattern && !s.usernoPattern.test(u.employeeNo)) add('employeeNo', 'users.badEmployeeNo');
  if (u.phone && (!PHONE.test(u.phone) || (u.phone.match(/\d/g)?.length ?? 0) < 3)) add('phone', 'users.badPhone');
  if (u.email && !EMAIL.safeParse(u.email).success) add('email', 'users.badEmail');
  if (u.ipAddress && isIP(u.ipAddress) === 0) add('ipAddress', 'users.badIp');
  if (u.enableAt != null && u.restrictAt != null && u.restrictAt < u.enableAt)
    add('restrictAt', 'users.expiryBeforeEnable');
  return errors;
}

/** The password policy as field errors (empty when the password passes). */
export function passwordErrors(password: string, s: UserSettings, lang: Lang, field = 'password'): FieldError[] {
  const broken = policyViolations(password, s.policy);
  return broken.length ? [{ field, message: t(lang, 'auth.passwordPolicy', { rules: broken.join(', ') }) }] : [];
}

/** Throws the errors as one 400, with the first error's text as the message. */
export function throwIfAny(errors: FieldError[]): void {
  if (errors.length === 0) return;
  throw new ValidationError(errors, 'users.invalidField', { message: errors[0]!.message });
}

/** A random password of a length the policy allows (16 where it can; at least 4, one of each kind of character). */
export function randomFor(s: UserSettings): string {
  return randomPassword(Math.max(4, Math.min(Math.max(16, s.policy.passwordMinLength), s.policy.passwordMaxLength)));
}
