import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigQuery } from '../../../app/api.ts';
import { encrypt } from '../../../app/crypto.ts';
import { storeTokens } from '../../../app/sessionSlice.ts';
import { storage } from '../../../app/storage.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { toastShown } from '../../../app/uiSlice.ts';
import { useChangePasswordMutation, useMyKeyCountQuery } from '../api.ts';
import { checkPassword, policyFrom } from '../policy.ts';
import { throttleOf, useWait } from '../wait.ts';

/**
 * The password change's state (docs/product-rules.md R14.6): old, new and confirmation, the policy's rules over the
 * new one, the offer to revoke the user's API keys, the throttle's wait, and the request; `onDone` after it succeeded.
 */
export function useChangePassword(open: boolean, onDone: () => void) {
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

  return { form, set, rules, mismatch, touched, error, keyCount, revokeKeys, setRevokeKeys, wait, isLoading, submit };
}
