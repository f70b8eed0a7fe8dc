import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Message } from 'semantic-ui-react';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AuthCard, AuthCardLink } from '../components/AuthCard.tsx';
import { CaptchaField } from '../components/CaptchaField.tsx';
import { PasswordRules } from '../components/PasswordRules.tsx';
import { useRegisterForm } from '../components/useRegisterForm.ts';
import { WaitingSubmit } from '../components/WaitingSubmit.tsx';

/** The registration card, with the way back to the sign-in under what it holds. */
function RegisterCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('register.title')} className="register-card">
      {children}
      <AuthCardLink to="/login" id="register-to-login" icon="sign-in" label={t('register.toLogin')} />
    </AuthCard>
  );
}

/**
 * /register (docs/product-rules.md R14.10): account, name, e-mail, an optional employee number, a password under the
 * policy (checked as it is typed, and again by the server), and the CAPTCHA. Afterwards it says whether the account
 * waits for an administrator.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const reg = useRegisterForm();
  const { config, input, wait } = reg;
  usePageTitle(t('register.title'));
  const newPassword = (name: 'password' | 'confirm') => ({
    ...input(name),
    type: 'password',
    autoComplete: 'new-password',
    maxLength: 50,
  });

  if (!reg.configLoading && config.registerEnabled !== true)
    return (
      <RegisterCard>
        <Message info content={t('register.off')} />
      </RegisterCard>
    );
  if (reg.done)
    return (
      <RegisterCard>
        <Message
          positive
          role="status"
          data-testid="register-done"
          header={t('register.doneTitle')}
          content={reg.done.awaitingApproval ? t('register.doneWaiting') : t('register.doneReady')}
        />
      </RegisterCard>
    );
  return (
    <RegisterCard>
      <Form
        className="initial"
        onSubmit={reg.submit}
        noValidate
        loading={reg.configLoading}
        error={Boolean(reg.failure)}
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
        <Form.Input {...newPassword('password')} label={t('login.password')} />
        <PasswordRules rules={reg.rules} />
        <Form.Input {...newPassword('confirm')} label={t('password.confirm')} />
        <CaptchaField
          idPrefix="register"
          uuid={reg.uuid}
          nonce={reg.captchaNonce}
          value={reg.form.captcha}
          onChange={reg.set('captcha')}
          onRefresh={reg.refreshCaptcha}
          error={reg.shown('captcha')}
        />
        <Message error content={reg.failure} data-testid="register-failure" />
        <WaitingSubmit
          waitSeconds={wait.seconds}
          loading={reg.isLoading}
          label={t('register.submit')}
          testId="register-submit"
        />
      </Form>
    </RegisterCard>
  );
}
