/**
 * The administrator's password reset of one user (/sys/admin). The user's
 * active API keys are listed and, unless unticked, revoked with the reset:
 * keys act as the user, and whoever had the password may have made them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Message, Modal, Segment, Table } from 'semantic-ui-react';
import { useToast } from '../../../../app/hooks.ts';
import { formatTime } from '../../../../components/format.ts';
import { useResetPasswordMutation, useUserKeysQuery, type KeyView, type UserView } from '../../api.ts';

function ActiveKeys({ keys }: { keys: KeyView[] }) {
  const { t, i18n } = useTranslation('sys');
  return (
    <Table compact celled aria-labelledby="reset-keys-title" data-testid="reset-keys">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell scope="col">{t('key.name')}</Table.HeaderCell>
          <Table.HeaderCell scope="col">{t('key.keyId')}</Table.HeaderCell>
          <Table.HeaderCell scope="col">{t('key.scopes')}</Table.HeaderCell>
          <Table.HeaderCell scope="col">{t('key.lastUsed')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {keys.map((k) => (
          <Table.Row key={k.id}>
            <Table.Cell>{k.name}</Table.Cell>
            <Table.Cell>
              <code>{k.keyId}</code>
            </Table.Cell>
            <Table.Cell>{k.scopes.join(', ')}</Table.Cell>
            <Table.Cell>{formatTime(k.lastUsedAt, i18n.language)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  );
}

export function ResetPasswordModal({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { t } = useTranslation('sys');
  const toast = useToast();
  const [password, setPassword] = useState('');
  const [mustChange, setMustChange] = useState(true);
  const [revokeKeys, setRevokeKeys] = useState(true);
  const [err, setErr] = useState('');
  const [generated, setGenerated] = useState<string | null>(null);
  const [reset, saving] = useResetPasswordMutation();
  const { data, isFetching } = useUserKeysQuery({ id: user.id });
  const keys = data?.items ?? [];
  const submit = async () => {
    setErr('');
    const res = await reset({
      id: user.id,
      body: {
        ...(password ? { password, mustChangePassword: mustChange } : {}),
        revokeApiKeys: revokeKeys,
      },
    });
    if ('error' in res) return setErr((res.error as { msg?: string }).msg ?? '');
    const answer = res.data;
    toast('success', t('user.resetDone', { n: answer.revokedApiKeys }));
    if (answer.initialPassword) setGenerated(answer.initialPassword);
    else onClose();
  };
  return (
    <Modal open size="small" onClose={onClose} aria-labelledby="reset-title" data-testid="reset-password">
      <Modal.Header as="h2" id="reset-title">
        {t('user.resetTitle', { name: user.username })}
      </Modal.Header>
      <Modal.Content>
        {generated !== null ? (
          <>
            <Message warning content={t('user.generatedOnce')} />
            <Segment>
              <code data-testid="reset-generated">{generated}</code>
            </Segment>
          </>
        ) : (
          <Form id="reset-form" onSubmit={() => void submit()} error={Boolean(err)} loading={isFetching}>
            <Form.Field>
              <label htmlFor="reset-new-password">{t('user.newPassword')}</label>
              <input
                id="reset-new-password"
                type="password"
                autoComplete="new-password"
                maxLength={50}
                value={password}
                aria-describedby="reset-new-password-help"
                onChange={(e) => setPassword(e.target.value)}
              />
              <small id="reset-new-password-help">{t('user.newPasswordHelp')}</small>
            </Form.Field>
            {password !== '' && (
              <Form.Field>
                <Checkbox
                  id="reset-must-change"
                  label={t('user.mustChange')}
                  checked={mustChange}
                  onChange={(_, d) => setMustChange(Boolean(d.checked))}
                />
              </Form.Field>
            )}
            <h3 id="reset-keys-title" className="ui small header">
              {t('user.activeKeys')}
            </h3>
            {keys.length === 0 ? (
              <p data-testid="reset-no-keys">{t('user.noActiveKeys')}</p>
            ) : (
              <>
                <ActiveKeys keys={keys} />
                <Form.Field>
                  <Checkbox
                    id="reset-revoke-keys"
                    label={t('user.revokeKeys', { n: keys.length })}
                    checked={revokeKeys}
                    onChange={(_, d) => setRevokeKeys(Boolean(d.checked))}
                  />
                </Form.Field>
              </>
            )}
            {err && <Message error content={err} role="alert" />}
          </Form>
        )}
      </Modal.Content>
      <Modal.Actions>
        {generated !== null ? (
          <>
            <Button type="button" onClick={() => void navigator.clipboard?.writeText(generated)}>
              {t('copy')}
            </Button>
            <Button type="button" primary onClick={onClose}>
              {t('close')}
            </Button>
          </>
        ) : (
          <>
            <Button type="button" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" form="reset-form" primary loading={saving.isLoading}>
              {t('user.reset')}
            </Button>
          </>
        )}
      </Modal.Actions>
    </Modal>
  );
}
