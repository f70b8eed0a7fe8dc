import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Checkbox, Form, Icon, Menu, Message, Modal, Segment } from 'semantic-ui-react';
import { useConfigQuery } from '../../../app/api.ts';
import { encrypt, forgetPublicKey } from '../../../app/crypto.ts';
import { signedOut, storeTokens } from '../../../app/sessionSlice.ts';
import { storage } from '../../../app/storage.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { toastShown } from '../../../app/uiSlice.ts';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useLoginMutation, useSsoMethodsQuery, type LoginAnswer } from '../api.ts';
import { CAPTCHA_LENGTH, CaptchaField } from '../components/CaptchaField.tsx';
import { ChangePasswordModal } from '../components/ChangePasswordModal.tsx';
import { enterConsole, safeRedirect } from '../flow.ts';
import { SsoButtons } from '../components/SsoButtons.tsx';
import { readHashEntry } from '../entryPoints.ts';
import { throttleOf, useWait } from '../wait.ts';

type LoginType = 'local' | 'ldap';

/** /login (docs/product-rules.md R18.11): local or directory account, CAPTCHA, remember me, password prompts. */
export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
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

  const hashEntry = readHashEntry(window.location.hash);
  const [loginType, setLoginType] = useState<LoginType>(hashEntry.fixSelection === 1 ? 'ldap' : 'local');
  const [form, setForm] = useState({ username: '', password: '', captcha: '' });
  const [remember, setRemember] = useState(storage.getItem('remember') === '1');
  const [touched, setTouched] = useState(false);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [uuid] = useState(() => storage.uuid);
  const [prompt, setPrompt] = useState<null | { answer: LoginAnswer; username: string }>(null);
  usePageTitle(t('routes.Login'));

  // A hash token (docs/product-rules.md R18.11) is a one-time code of an external sign-in: /callback redeems it.
  useEffect(() => {
    if (hashEntry.token) navigate(`/callback${window.location.hash}`, { replace: true });
    if (hashEntry.authMethod) storage.setItem('authMethod', String(hashEntry.authMethod));
  }, [hashEntry.token, hashEntry.authMethod, navigate]);

  const set = (name: keyof typeof form) => (_: unknown, d: { value?: string | number }) =>
    setForm((f) => ({ ...f, [name]: String(d.value ?? '') }));
  const refreshCaptcha = () => setCaptchaNonce((n) => n + 1);

  const errors = {
    username: !form.username.trim() ? t('validation.required') : '',
    password: !form.password ? t('validation.required') : '',
    captcha:
      captchaEnabled && form.captcha.trim().length !== CAPTCHA_LENGTH
        ? t('login.captchaLength', { n: CAPTCHA_LENGTH })
        : '',
  };

  const proceed = async (answer: LoginAnswer, username: string) => {
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
    if (answer.passwordState === 'ok') return proceed(answer, username);
    setPrompt({ answer, username });
  };

  const state = prompt?.answer.passwordState;
  const forcedChange = state === 'firstLogin' || state === 'expired';
  const [changeExpiring, setChangeExpiring] = useState(false);

  return (
    <main className="login-page">
      <div className="login-top">
        <LanguageSwitch />
      </div>
      <Segment className="login-card" raised>
        <h1 className="login-title">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{t('app.name')}</span>
        </h1>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        {localLogin && (
          <>
            {ldap && (
              <Menu secondary pointing widths={2} aria-label={t('login.accountType')}>
                <Menu.Item
                  as="button"
                  type="button"
                  name="local"
                  active={loginType === 'local'}
                  aria-pressed={loginType === 'local'}
                  onClick={() => setLoginType('local')}
                >
                  {t('login.local')}
                </Menu.Item>
                <Menu.Item
                  as="button"
                  type="button"
                  name="ldap"
                  active={loginType === 'ldap'}
                  aria-pressed={loginType === 'ldap'}
                  onClick={() => setLoginType('ldap')}
                >
                  {ldap.name || t('login.domain')}
                </Menu.Item>
              </Menu>
            )}
            <Form
              className="initial"
              onSubmit={submit}
              noValidate
              warning={wait.seconds > 0}
              loading={configLoading}
              aria-label={t('login.submit')}
            >
              <Form.Input
                id="login-username"
                name="username"
                label={t('login.username')}
                autoComplete="username"
                icon="user"
                iconPosition="left"
                value={form.username}
                onChange={set('username')}
                error={touched && errors.username ? errors.username : undefined}
                required
                maxLength={100}
              />
              <Form.Input
                id="login-password"
                name="password"
                type="password"
                label={t('login.password')}
                autoComplete="current-password"
                icon="lock"
                iconPosition="left"
                value={form.password}
                onChange={set('password')}
                error={touched && errors.password ? errors.password : undefined}
                required
                maxLength={50}
              />
              {captchaEnabled && (
                <CaptchaField
                  idPrefix="login"
                  uuid={uuid}
                  nonce={captchaNonce}
                  value={form.captcha}
                  onChange={(captcha) => setForm((f) => ({ ...f, captcha }))}
                  onRefresh={refreshCaptcha}
                  error={touched && errors.captcha ? errors.captcha : undefined}
                />
              )}
              {wait.seconds > 0 && (
                <Message
                  warning
                  role="status"
                  data-testid="login-wait"
                  content={t('login.tryAgainIn', { seconds: wait.seconds })}
                />
              )}
              <Form.Field>
                <Checkbox
                  id="login-remember"
                  label={t('login.remember')}
                  checked={remember}
                  onChange={(_, d) => setRemember(Boolean(d.checked))}
                />
              </Form.Field>
              <Button
                primary
                fluid
                type="submit"
                size="large"
                loading={isLoading}
                disabled={isLoading || wait.seconds > 0}
                data-testid="login-submit"
              >
                {t('login.submit')}
              </Button>
            </Form>
          </>
        )}
        {!localLogin && <Message info content={t('login.ssoOnly')} />}
        <SsoButtons redirect={redirect} />
        {config.registerEnabled === true && (
          <p className="login-register">
            <Link to="/register" id="login-register">
              <Icon name="user plus" aria-hidden="true" />
              {t('login.register')}
            </Link>
          </p>
        )}
      </Segment>

      <ChangePasswordModal
        open={Boolean(prompt && forcedChange) || changeExpiring}
        reason={changeExpiring ? 'expiring' : state === 'ok' ? null : state}
        forced={forcedChange}
        onCancel={() => setChangeExpiring(false)}
        onDone={() => {
          const p = prompt;
          setPrompt(null);
          setChangeExpiring(false);
          if (p) void proceed(p.answer, p.username);
        }}
      />

      <Modal
        open={Boolean(prompt && state === 'expiring') && !changeExpiring}
        size="tiny"
        aria-labelledby="expiring-title"
        data-testid="password-expiring"
      >
        <Modal.Header id="expiring-title">{t('password.expiringTitle')}</Modal.Header>
        <Modal.Content>{t('password.expiringText', { days: prompt?.answer.passwordDaysLeft ?? 0 })}</Modal.Content>
        <Modal.Actions>
          <Button
            type="button"
            onClick={() => {
              const p = prompt;
              setPrompt(null);
              if (p) void proceed(p.answer, p.username);
            }}
          >
            {t('password.later')}
          </Button>
          <Button primary type="button" onClick={() => setChangeExpiring(true)}>
            {t('password.changeNow')}
          </Button>
        </Modal.Actions>
      </Modal>
    </main>
  );
}
