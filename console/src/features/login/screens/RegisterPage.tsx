import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Form, Icon, Message, Segment } from 'semantic-ui-react';
import { useConfigQuery, type ApiError } from '../../../app/api.ts';
import { encrypt, forgetPublicKey } from '../../../app/crypto.ts';
import { storage } from '../../../app/storage.ts';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useRegisterMutation } from '../api.ts';
import { CAPTCHA_LENGTH, CaptchaField } from '../components/CaptchaField.tsx';
import { PasswordRules } from '../components/PasswordRules.tsx';
import { checkPassword, policyFrom } from '../policy.ts';
import { throttleOf, useWait } from '../wait.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMPTY = { username: '', realName: '', email: '', employeeNo: '', password: '', confirm: '', captcha: '' };
type Field = keyof typeof EMPTY;

/**
 * /register (docs/product-rules.md R14.10): account, name, e-mail, an optional employee number, a password under the
 * policy (checked as it is typed, and again by the server), and the CAPTCHA. Afterwards it says whether the account
 * waits for an administrator.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { data: configAnswer, isLoading: configLoading } = useConfigQuery();
  const config = configAnswer?.config ?? {};
  const [register, { isLoading }] = useRegisterMutation();
  const wait = useWait();
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState<null | { awaitingApproval: boolean }>(null);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [uuid] = useState(() => storage.uuid);
  usePageTitle(t('register.title'));

  const rules = checkPassword(form.password, policyFrom(config));
  const errors: Partial<Record<Field, string>> = {
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
  const shown = (name: Field) => serverErrors[name] ?? (touched ? errors[name] : undefined);
  const set = (name: Field) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setServerErrors((e) => ({ ...e, [name]: undefined }));
  };
  const input = (name: Field) => ({
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
      const mapped: Partial<Record<Field, string>> = {};
      for (const f of fields) if (f.field in EMPTY) mapped[f.field as Field] = f.message;
      if (err.key === 'users.duplicateUsername') mapped.username = err.msg;
      setServerErrors(mapped);
      setForm((f) => ({ ...f, captcha: '' }));
      setCaptchaNonce((n) => n + 1);
      return;
    }
    setDone({ awaitingApproval: res.data.data.awaitingApproval });
  };

  const card = (body: JSX.Element) => (
    <main className="login-page">
      <div className="login-top">
        <LanguageSwitch />
      </div>
      <Segment className="login-card register-card" raised>
        <h1 className="login-title">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{t('register.title')}</span>
        </h1>
        {body}
        <p className="login-register">
          <Link to="/login" id="register-to-login">
            <Icon name="sign-in" aria-hidden="true" />
            {t('register.toLogin')}
          </Link>
        </p>
      </Segment>
    </main>
  );

  if (!configLoading && config.registerEnabled !== true) return card(<Message info content={t('register.off')} />);
  if (done)
    return card(
      <Message
        positive
        role="status"
        data-testid="register-done"
        header={t('register.doneTitle')}
        content={done.awaitingApproval ? t('register.doneWaiting') : t('register.doneReady')}
      />,
    );
  return card(
    <Form
      className="initial"
      onSubmit={submit}
      noValidate
      loading={configLoading}
      error={Boolean(failure)}
      warning={wait.seconds > 0}
      aria-label={t('register.title')}
    >
      <p className="login-subtitle">
        {config.registerNeedsApproval === false ? t('register.subtitle') : t('register.subtitleApproval')}
      </p>
      <Form.Input {...input('username')} label={t('login.username')} autoComplete="username" maxLength={100} />
      <Form.Input {...input('realName')} label={t('register.realName')} autoComplete="name" maxLength={100} />
      <Form.Input {...input('email')} type="email" label={t('register.email')} autoComplete="email" maxLength={255} />
      <Form.Input {...input('employeeNo')} label={t('register.employeeNo')} autoComplete="off" maxLength={50} />
      <Form.Input
        {...input('password')}
        type="password"
        label={t('login.password')}
        autoComplete="new-password"
        maxLength={50}
      />
      <PasswordRules rules={rules} />
      <Form.Input
        {...input('confirm')}
        type="password"
        label={t('password.confirm')}
        autoComplete="new-password"
        maxLength={50}
      />
      <CaptchaField
        idPrefix="register"
        uuid={uuid}
        nonce={captchaNonce}
        value={form.captcha}
        onChange={set('captcha')}
        onRefresh={() => setCaptchaNonce((n) => n + 1)}
        error={shown('captcha')}
      />
      <Message error content={failure} data-testid="register-failure" />
      {wait.seconds > 0 && <Message warning role="status" content={t('login.tryAgainIn', { seconds: wait.seconds })} />}
      <Button
        primary
        fluid
        type="submit"
        size="large"
        loading={isLoading}
        disabled={isLoading || wait.seconds > 0}
        data-testid="register-submit"
      >
        {t('register.submit')}
      </Button>
    </Form>,
  );
}
