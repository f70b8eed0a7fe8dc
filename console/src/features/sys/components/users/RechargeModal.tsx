/** Adds credit to a user's balance: an amount in the currency, sent in cents. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal } from 'semantic-ui-react';
import { useToast } from '../../../../app/hooks.ts';
import { useRechargeMutation, type UserView } from '../../api.ts';

export function RechargeModal({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { t } = useTranslation('sys');
  const toast = useToast();
  const [amount, setAmount] = useState('');
  const [err, setErr] = useState('');
  const [recharge, saving] = useRechargeMutation();
  const submit = async () => {
    const cents = Math.round(Number(amount) * 100);
    if (!Number.isFinite(cents) || cents < 1) return setErr(t('form.min', { min: 0.01 }));
    const res = await recharge({ id: user.id, amount: cents });
    if ('error' in res) return setErr((res.error as { msg?: string }).msg ?? '');
    toast('success', t('saved'));
    onClose();
  };
  return (
    <Modal open size="tiny" onClose={onClose} aria-labelledby="recharge-title">
      <Modal.Header as="h2" id="recharge-title">
        {t('user.recharge')}: {user.realName}
      </Modal.Header>
      <Modal.Content>
        <p>
          {t('user.balance')}: {(user.creditBalance / 100).toFixed(2)}
        </p>
        <Form id="recharge-form" onSubmit={() => void submit()} error={Boolean(err)}>
          <Form.Field error={Boolean(err)}>
            <label htmlFor="recharge-amount">{t('user.amount')}</label>
            <input
              id="recharge-amount"
              type="number"
              min={0.01}
              step={0.01}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
            {err && (
              <div className="ui pointing above prompt label" role="alert">
                {err}
              </div>
            )}
          </Form.Field>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button type="submit" form="recharge-form" primary loading={saving.isLoading}>
          {t('user.recharge')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
