import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Message, Modal } from 'semantic-ui-react';
import { PasswordRules } from './PasswordRules.tsx';
import { useChangePassword } from './useChangePassword.ts';
import { WaitNotice } from './WaitingSubmit.tsx';

export interface ChangePasswordModalProps {
  open: boolean;
  /** Why the change is asked for; a forced change cannot be cancelled. */
  reason?: 'firstLogin' | 'expired' | 'required' | 'expiring' | null;
  forced?: boolean;
  onDone: () => void;
  onCancel?: () => void;
}

/** Old, new and confirmation (docs/product-rules.md R14.6), checked against the password policy as the user types. */
export function ChangePasswordModal({ open, reason, forced = false, onDone, onCancel }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const { form, set, rules, mismatch, touched, error, keyCount, revokeKeys, setRevokeKeys, wait, isLoading, submit } =
    useChangePassword(open, onDone);

  const reasonText =
    reason && reason !== 'required'
      ? t(`password.reason.${reason}`)
      : reason === 'required'
        ? t('password.reason.expired')
        : '';

  return (
    <Modal
      open={open}
      size="tiny"
      closeOnDimmerClick={false}
      closeOnEscape={!forced}
      onClose={forced ? undefined : onCancel}
      aria-labelledby="change-password-title"
      data-testid="change-password"
    >
      <Modal.Header id="change-password-title">{t('password.title')}</Modal.Header>
      <Modal.Content>
        {reasonText && <Message warning content={reasonText} />}
        <Form
          id="change-password-form"
          className="initial"
          onSubmit={submit}
          error={Boolean(error)}
          warning={wait.seconds > 0}
          noValidate
        >
          <Form.Input
            id="cp-old"
            name="oldPassword"
            type="password"
            label={t('password.old')}
            autoComplete="current-password"
            value={form.password}
            onChange={set('password')}
            required
            error={touched && !form.password ? t('validation.required') : undefined}
          />
          <Form.Input
            id="cp-new"
            name="newPassword"
            type="password"
            label={t('password.new')}
            autoComplete="new-password"
            value={form.newPassword}
            onChange={set('newPassword')}
            required
            maxLength={50}
            error={touched && !rules.every((r) => r.ok) ? t('password.rulesNotMet') : undefined}
          />
          <PasswordRules rules={rules} />
          <Form.Input
            id="cp-confirm"
            name="confirmPassword"
            type="password"
            label={t('password.confirm')}
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            required
            error={
              mismatch
                ? t('password.mismatch')
                : touched && !form.confirmPassword
                  ? t('validation.required')
                  : undefined
            }
          />
          {keyCount > 0 && (
            <Form.Field>
              <Checkbox
                id="cp-revoke-keys"
                data-testid="change-password-revoke-keys"
                label={t('password.revokeKeys', { count: keyCount })}
                checked={revokeKeys}
                onChange={(_, d) => setRevokeKeys(Boolean(d.checked))}
              />
            </Form.Field>
          )}
          <Message error content={error} />
          <WaitNotice seconds={wait.seconds} testId="change-password-wait" />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        {!forced && (
          <Button type="button" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button
          primary
          type="submit"
          form="change-password-form"
          loading={isLoading}
          disabled={isLoading || wait.seconds > 0}
          data-testid="change-password-submit"
        >
          {t('common.save')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
