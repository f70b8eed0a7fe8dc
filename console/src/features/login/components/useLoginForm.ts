import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigQuery } from '../../../app/api.ts';
import { encrypt, forgetPublicKey } from '../../../app/crypto.ts';
import { signedOut, storeTokens } from '../../../app/sessionSlice.ts';
import { storage } from '../../../app/storage.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { toastShown } from '../../../app/uiSlice.ts';
import { useLoginMutation, useSsoMethodsQuery, type LoginAnswer } from '../api.ts';
import { CAPTCHA_LENGTH } from './CaptchaField.tsx';
import { enterConsole } from '../flow.ts';
import { throttleOf, useWait } from '../wait.ts';

export type LoginType = 'local' | 'ldap';
export type LoginFields = { username: string; password: string; captcha: string };
/** A sign-in that succeeded but asks about the password first (docs/product-rules.md R18.11). */
export type PasswordPrompt = { answer: LoginAnswer; username: string };

/**
 * The sign-in form's state (docs/product-rules.md R18.11): which methods the server offers, the fields and their
 * errors, the CAPTCHA when switched on or asked for, the throttle's wait, and the sign-in itself.
 */
export function useLoginForm(redirect: string | undefined, initialType: LoginType) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: configAnswer, isLoading: configLoading } = useConfigQuery();
  const config = configAnswer?.config ?? {};
  // Switched on for everyone, or asked for by the server after failed tries.
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const captchaEnabled = config.captchaEnabled !== false || captchaAsked;
  const wait = useWait();
  const { data: sso } = useSsoMethodsQuery();
  const localLogin = config.localLoginEnabled !== false && sso?.localLoginEnabled !== false;
  const ldap = sso?.items.find((m) => m.method === 'ldap');
  const [login, { isLoading }] = useLoginMutation();

  const [loginType, setLoginType] = useState<LoginType>(initialType);
  const [form, setForm] = useState<LoginFields>({ username: '', password: '', captcha: '' });
  const [remember, setRemember] = useState(storage.getItem('remember') === '1');
  const [touched, setTouched] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [uuid] = useState(() => storage.uuid);
  const [prompt, setPrompt] = useState<null | PasswordPrompt>(null);

  const setField = (name: keyof LoginFields, value: string) => setForm((f) => ({ ...f, [name]: value }));
  const refreshCaptcha = () => setCaptchaNonce((n) => n + 1);

  const errors = {
    username: !form.username.trim() ? t('validation.required') : '',
    password: !form.password ? t('validation.required') : '',
    captcha:
      captchaEnabled && form.captcha.trim().length !== CAPTCHA_LENGTH
        ? t('login.captchaLength', { n: CAPTCHA_LENGTH })
        : '',
  };

  const proceed = async ({ answer, username }: PasswordPrompt) => {
    if (!(await enterConsole(dispatch, username, answer.permissions, redirect))) {
      dispatch(toastShown('error', t('login.menuFailed')));
      refreshCaptcha();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.username || errors.password || errors.captcha || wait.seconds > 0) return;
    const username = form.username.trim();
    let password: string;
    try {
      password = await encrypt(form.password);
    } catch {
      forgetPublicKey();
      dispatch(toastShown('error', t('login.keyFailed')));
      return;
    }
    const res = await login({
      username,
      password,
      uuid,
      captcha: captchaEnabled ? form.captcha.trim() : undefined,
      loginType: ldap ? loginType : 'local',
    });
    if ('error' in res && res.error) {
      const err = res.error as { code?: number; msg?: string };
      const throttle = throttleOf(res.error);
      if (throttle.captchaRequired) setCaptchaAsked(true);
      // A wait is shown (and counted down) next to the button rather than as a toast.
      if (throttle.retryAfter) wait.start(throttle.retryAfter);
      else dispatch(toastShown('error', err.msg ?? t('http.network')));
      if ((err.code ?? 0) >= 400 && (err.code ?? 0) < 500) dispatch(signedOut());
      setForm((f) => ({ ...f, captcha: '' }));
      setTouched(false);
      refreshCaptcha();
      return;
    }
    const answer = res.data;
    storage.setItem('remember', remember ? '1' : '0');
    storeTokens(answer, remember);
    if (answer.notify?.length) sessionStorage.setItem('notify', JSON.stringify(answer.notify));
    setForm({ username: form.username, password: '', captcha: '' });
    if (answer.passwordState === 'ok') return proceed({ answer, username });
    setPrompt({ answer, username });
  };

  return {
    config,
    configLoading,
    localLogin,
    ldap,
    loginType,
    setLoginType,
    form,
    setField,
    errors: touched ? errors : { username: '', password: '', captcha: '' },
    captchaEnabled,
    captchaNonce,
    refreshCaptcha,
    uuid,
    remember,
    setRemember,
    wait,
    isLoading,
    submit,
    prompt,
    setPrompt,
    proceed,
  };
}
