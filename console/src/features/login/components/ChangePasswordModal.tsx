import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Message, Modal } from 'semantic-ui-react';
import { useConfigQuery } from '../../../app/api.ts';
import { encrypt } from '../../../app/crypto.ts';
import { storeTokens } from '../../../app/sessionSlice.ts';
import { storage } from '../../../app/storage.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { toastShown } from '../../../app/uiSlice.ts';
import { useChangePasswordMutation, useMyKeyCountQuery } from '../api.ts';
import { checkPassword, policyFrom } from '../policy.ts';
import { PasswordRules } from './PasswordRules.tsx';
import { throttleOf, useWait } from '../wait.ts';

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
  const dispatch = useAppDispatch();
  const { data: config } = useConfigQuery();
  const policy = policyFrom(config?.config);
  const [change, { isLoading }] = useChangePasswordMutation();
  const [form, setForm] = useState({ password: '', newPassword: '', confirmPassword: '' });
  const [error, setError] = useState('');
  const [touched, setTouched] = useState(false);
  // API keys act as their owner, and whoever knew the old password may have made them: offer to revoke them too.
  const { data: keyCount = 0 } = useMyKeyCountQuery(undefined, { skip: !open });
  const [revokeKeys, setRevokeKeys] = useState(true);
  // Wrong current passwords count like failed sign-ins: after a few, each try must wait.
  const wait = useWait();

  const rules = checkPassword(form.newPassword, policy);
  const missing = !form.password || !form.newPassword || !form.confirmPassword;
  const mismatch = form.confirmPassword !== '' && form.confirmPassword !== form.newPassword;
  const valid = !missing && !mismatch && rules.every((r) => r.ok);

  const set = (name: keyof typeof form) => (_: unknown, d: { value?: string | number }) =>
    setForm((f) => ({ ...f, [name]: String(d.value ?? '') }));

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setTouched(true);
    if (!valid || wait.seconds > 0) return;
    setError('');
    try {
      const [password, newPassword, confirmPassword] = await Promise.all([
        encrypt(form.password),
        encrypt(form.newPassword),
        encrypt(form.confirmPassword),
      ]);
      const res = await change({ password, newPassword, confirmPassword, revokeApiKeys: keyCount > 0 && revokeKeys });
      if ('error' in res && res.error) {
        const err = res.error as { msg?: string };
        const { retryAfter } = throttleOf(res.error);
        if (retryAfter) wait.start(retryAfter);
        setError(retryAfter ? '' : (err.msg ?? t('http.network')));
        return;
      }
      const answer = res.data;
      storeTokens(
        { token: answer.token, refreshToken: answer.refreshToken, expiresAt: answer.expiresAt },
        Boolean(storage.refreshToken) || storage.getItem('remember') === '1',
      );
      setForm({ password: '', newPassword: '', confirmPassword: '' });
      setTouched(false);
      dispatch(toastShown('success', t('password.changed')));
      onDone();
    } catch {
      setError(t('http.network'));
    }
  };

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
          {wait.seconds > 0 && (
            <Message
              warning
              role="status"
              data-testid="change-password-wait"
              content={t('login.tryAgainIn', { seconds: wait.seconds })}
            />
          )}
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
