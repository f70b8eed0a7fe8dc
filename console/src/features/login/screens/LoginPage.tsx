import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Checkbox, Form, Message } from 'semantic-ui-react';
import { storage } from '../../../app/storage.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AuthCard, AuthCardLink } from '../components/AuthCard.tsx';
import { CaptchaField } from '../components/CaptchaField.tsx';
import { ChatSignIn } from '../components/ChatSignIn.tsx';
import { LoginTypeMenu } from '../components/LoginTypeMenu.tsx';
import { PasswordPrompts } from '../components/PasswordPrompts.tsx';
import { SsoButtons } from '../components/SsoButtons.tsx';
import { useLoginForm } from '../components/useLoginForm.ts';
import { WaitingSubmit } from '../components/WaitingSubmit.tsx';
import { readHashEntry } from '../entryPoints.ts';
import { safeRedirect } from '../flow.ts';

/**
 * /login (docs/product-rules.md R18.11): local or directory account, CAPTCHA, remember me, password prompts, and
 * the WeCom / DingTalk sign-in (QR button, and the code their redirect or client brings).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const hashEntry = readHashEntry(window.location.hash);
  const login = useLoginForm(redirect, hashEntry.fixSelection === 1 ? 'ldap' : 'local');
  const { form, errors, wait } = login;
  usePageTitle(t('routes.Login'));

  // A hash token (docs/product-rules.md R18.11) is a one-time code of an external sign-in: /callback redeems it.
  useEffect(() => {
    if (hashEntry.token) navigate(`/callback${window.location.hash}`, { replace: true });
    if (hashEntry.authMethod) storage.setItem('authMethod', String(hashEntry.authMethod));
  }, [hashEntry.token, hashEntry.authMethod, navigate]);

  const onInput = (name: 'username' | 'password') => (_: unknown, d: { value?: string | number }) =>
    login.setField(name, String(d.value ?? ''));

  return (
    <>
      <AuthCard title={t('app.name')}>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        {login.localLogin && (
          <>
            {login.ldap && (
              <LoginTypeMenu value={login.loginType} onChange={login.setLoginType} ldapName={login.ldap.name} />
            )}
            <Form
              className="initial"
              onSubmit={login.submit}
              noValidate
              warning={wait.seconds > 0}
              loading={login.configLoading}
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
                onChange={onInput('username')}
                error={errors.username || undefined}
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
                onChange={onInput('password')}
                error={errors.password || undefined}
                required
                maxLength={50}
              />
              {login.captchaEnabled && (
                <CaptchaField
                  idPrefix="login"
                  uuid={login.uuid}
                  nonce={login.captchaNonce}
                  value={form.captcha}
                  onChange={(captcha) => login.setField('captcha', captcha)}
                  onRefresh={login.refreshCaptcha}
                  error={errors.captcha || undefined}
                />
              )}
              <WaitingSubmit
                waitSeconds={wait.seconds}
                loading={login.isLoading}
                label={t('login.submit')}
                testId="login-submit"
                waitTestId="login-wait"
              >
                <Form.Field>
                  <Checkbox
                    id="login-remember"
                    label={t('login.remember')}
                    checked={login.remember}
                    onChange={(_, d) => login.setRemember(Boolean(d.checked))}
                  />
                </Form.Field>
              </WaitingSubmit>
            </Form>
          </>
        )}
        {!login.localLogin && <Message info content={t('login.ssoOnly')} />}
        <SsoButtons redirect={redirect} />
        <ChatSignIn redirect={redirect} />
        {login.config.registerEnabled === true && (
          <AuthCardLink to="/register" id="login-register" icon="user plus" label={t('login.register')} />
        )}
      </AuthCard>

      <PasswordPrompts
        prompt={login.prompt}
        onClose={() => login.setPrompt(null)}
        onProceed={(prompt) => void login.proceed(prompt)}
      />
    </>
  );
}
