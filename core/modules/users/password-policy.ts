/**
 * The password policy of the security settings (docs/product-rules.md R14.4, R14.5), checked whenever a
 * password is set, and the password's state reported at sign-in.
 */
export interface PasswordPolicy {
  passwordMinLength: number;
  passwordMaxLength: number;
  passwordDigits: boolean;
  passwordLower: boolean;
  passwordUpper: boolean;
  passwordSpecial: boolean;
  passwordValidityDays: number;
  passwordPromptDays: number;
}

export const POLICY_KEYS = [
  'passwordMinLength',
  'passwordMaxLength',
  'passwordDigits',
  'passwordLower',
  'passwordUpper',
  'passwordSpecial',
  'passwordValidityDays',
  'passwordPromptDays',
] as const;

/** The rules a password breaks, as short names the console translates (empty when it passes). */
export function policyViolations(password: string, p: PasswordPolicy): string[] {
  const broken: string[] = [];
  const length = [...password].length;
  if (length < p.passwordMinLength) broken.push(`min:${p.passwordMinLength}`);
  if (length > p.passwordMaxLength) broken.push(`max:${p.passwordMaxLength}`);
  if (p.passwordDigits && !/\d/.test(password)) broken.push('digit');
  if (p.passwordLower && !/\p{Ll}/u.test(password)) broken.push('lower');
  if (p.passwordUpper && !/\p{Lu}/u.test(password)) broken.push('upper');
  if (p.passwordSpecial && !/[^\p{L}\p{N}]/u.test(password)) broken.push('special');
  return broken;
}

export type PasswordState = 'ok' | 'firstLogin' | 'expired' | 'expiring';

export function passwordState(
  user: { mustChangePassword: boolean; passwordChangedAt: number | null },
  p: PasswordPolicy,
  now: number,
): { state: PasswordState; daysLeft?: number } {
  if (user.mustChangePassword) return { state: 'firstLogin' };
  if (p.passwordValidityDays > 0 && user.passwordChangedAt) {
    const expiresAt = user.passwordChangedAt + p.passwordValidityDays * 86_400_000;
    const daysLeft = Math.ceil((expiresAt - now) / 86_400_000);
    if (daysLeft <= 0) return { state: 'expired', daysLeft: 0 };
    if (daysLeft <= p.passwordPromptDays) return { state: 'expiring', daysLeft };
  }
  return { state: 'ok' };
}
