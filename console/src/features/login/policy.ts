/**
 * The password rules of docs/product-rules.md R14.4 and R14.6: length 1-50 on the change screen, then
 * the configurable policy (minimum and maximum length, digit, lower, upper,
 * special character), and the confirmation matching.
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  digits: boolean;
  lower: boolean;
  upper: boolean;
  special: boolean;
}

export const ABSOLUTE_MAX = 50;

export function policyFrom(config: Record<string, unknown> | undefined): PasswordPolicy {
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || d);
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : v === undefined ? d : v === 'true' || v === 1);
  const minLength = Math.max(1, num(config?.passwordMinLength, 1));
  return {
    minLength,
    maxLength: Math.min(ABSOLUTE_MAX, Math.max(minLength, num(config?.passwordMaxLength, ABSOLUTE_MAX))),
    digits: bool(config?.passwordDigits, false),
    lower: bool(config?.passwordLower, false),
    upper: bool(config?.passwordUpper, false),
    special: bool(config?.passwordSpecial, false),
  };
}

export interface Rule {
  key: string;
  params?: Record<string, number>;
  ok: boolean;
}

/** Each rule of the policy with whether `password` meets it, for display and for the submit check. */
export function checkPassword(password: string, policy: PasswordPolicy): Rule[] {
  const rules: Rule[] = [
    {
      key: 'password.ruleLength',
      params: { min: policy.minLength, max: policy.maxLength },
      ok: password.length >= policy.minLength && password.length <= policy.maxLength,
    },
  ];
  if (policy.digits) rules.push({ key: 'password.ruleDigit', ok: /\d/.test(password) });
  if (policy.lower) rules.push({ key: 'password.ruleLower', ok: /[a-z]/.test(password) });
  if (policy.upper) rules.push({ key: 'password.ruleUpper', ok: /[A-Z]/.test(password) });
  if (policy.special) rules.push({ key: 'password.ruleSpecial', ok: /[^A-Za-z0-9]/.test(password) });
  return rules;
}
