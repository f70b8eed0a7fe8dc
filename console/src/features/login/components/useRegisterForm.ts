import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigQuery, type ApiError } from '../../../app/api.ts';
import { encrypt, forgetPublicKey } from '../../../app/crypto.ts';
import { storage } from '../../../app/storage.ts';
import { useRegisterMutation } from '../api.ts';
import { CAPTCHA_LENGTH } from './CaptchaField.tsx';
import { checkPassword, policyFrom } from '../policy.ts';
import { throttleOf, useWait } from '../wait.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY = { username: '', realName: '', email: '', employeeNo: '', password: '', confirm: '', captcha: '' };
export type RegisterField = keyof typeof EMPTY;

/**
 * The registration form's state (docs/product-rules.md R14.10): the fields, their errors (the console's checks, then the
 * server's under the same fields), the password rules as typed, the CAPTCHA, the throttle's wait, and the request.
 */
export function useRegisterForm() {
  const { t } = useTranslation();
  const { data: configAnswer, isLoading: configLoading } = useConfigQuery();
  const config = configAnswer?.config ?? {};
  const [register, { isLoading }] = useRegisterMutation();
  const wait = useWait();
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<RegisterField, string>>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState<null | { awaitingApproval: boolean }>(null);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [uuid] = useState(() => storage.uuid);

  const rules = checkPassword(form.password, policyFrom(config));
  const errors: Partial<Record<RegisterField, string>> = {
    username: !form.username.trim()
      ? t('validation.required')
      : /\s/.test(form.username.trim())
        ? t('register.noSpaces')
        : undefined,
    realName: !form.realName.trim() ? t('validation.required') : undefined,
    email: !EMAIL.test(form.email.trim()) ? t('register.badEmail') : undefined,
    password: !rules.every((r) => r.ok) ? t('password.rulesNotMet') : undefined,
    confirm: form.confirm !== form.password ? t('password.mismatch') : undefined,
    captcha:
      form.captcha.trim().length !== CAPTCHA_LENGTH ? t('login.captchaLength', { n: CAPTCHA_LENGTH }) : undefined,
  };
  const shown = (name: RegisterField) => serverErrors[name] ?? (touched ? errors[name] : undefined);
  const set = (name: RegisterField) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setServerErrors((e) => ({ ...e, [name]: undefined }));
  };
  /** The props every text field of the form shares. */
  const input = (name: RegisterField) => ({
    id: `register-${name}`,
    name,
    value: form[name],
    onChange: (_: unknown, d: { value?: string | number }) => set(name)(String(d.value ?? '')),
    error: shown(name),
    required: name !== 'employeeNo',
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setFailure('');
    if (Object.values(errors).some(Boolean) || wait.seconds > 0) return;
    let password: string;
    try {
      password = await encrypt(form.password);
    } catch {
      forgetPublicKey();
      setFailure(t('login.keyFailed'));
      return;
    }
    const res = await register({
      username: form.username.trim(),
      realName: form.realName.trim(),
      email: form.email.trim(),
      employeeNo: form.employeeNo.trim() || undefined,
      password,
      uuid,
      captcha: form.captcha.trim(),
    });
    if ('error' in res && res.error) {
      const err = res.error as ApiError;
      const throttle = throttleOf(err);
      if (throttle.retryAfter) wait.start(throttle.retryAfter);
      else setFailure(err.msg || t('http.network'));
      // The server's field errors go under their fields; a taken name under the username.
      const fields = (err.body?.errors ?? []) as Array<{ field: string; message: string }>;
      const mapped: Partial<Record<RegisterField, string>> = {};
      for (const f of fields) if (f.field in EMPTY) mapped[f.field as RegisterField] = f.message;
      if (err.key === 'users.duplicateUsername') mapped.username = err.msg;
      setServerErrors(mapped);
      setForm((f) => ({ ...f, captcha: '' }));
      setCaptchaNonce((n) => n + 1);
      return;
    }
    setDone({ awaitingApproval: res.data.data.awaitingApproval });
  };

  return {
    config,
    configLoading,
    form,
    rules,
    input,
    shown,
    set,
    captchaNonce,
    refreshCaptcha: () => setCaptchaNonce((n) => n + 1),
    uuid,
    failure,
    done,
    wait,
    isLoading,
    submit,
  };
}
