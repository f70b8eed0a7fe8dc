/** /sys/secret: API keys; a new key's secret is shown once, a key is revoked rather than deleted. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message, Modal, Segment } from 'semantic-ui-react';
import { CrudScreen } from '../../../components/crud/index.ts';
import { formatTime } from '../../../components/format.ts';
import { keys } from '../api.ts';
import '../i18n.ts';

const scopesOf = (v: unknown) =>
  String(v ?? '')
    .split(/[\s,]+/)
    .filter(Boolean);

export default function SecretScreen() {
  const { t, i18n } = useTranslation('sys');
  const [shown, setShown] = useState<string | null>(null);
  const l = i18n.language;
  return (
    <>
      <CrudScreen
        name="keys"
        title={t('title.secret')}
        perm="sys:secret"
        source={keys}
        nameOf={(k) => k.name}
        noEdit
        canDelete={(k) => k.state === 'active'}
        deleteLabel={t('key.revoke')}
        onCreated={(a) => setShown((a as { key?: string } | undefined)?.key ?? '')}
        columns={[
          { key: 'name', header: t('key.name'), render: (k) => k.name },
          { key: 'keyId', header: t('key.keyId'), render: (k) => k.keyId },
          { key: 'user', header: t('key.user'), render: (k) => k.username ?? '' },
          { key: 'scopes', header: t('key.scopes'), render: (k) => k.scopes.join(', ') },
          { key: 'expiresAt', header: t('key.expiresAt'), render: (k) => formatTime(k.expiresAt, l) },
          { key: 'lastUsed', header: t('key.lastUsed'), render: (k) => formatTime(k.lastUsedAt, l) },
          {
            key: 'state',
            header: t('status.state'),
            render: (k) => t(`key.state.${k.state}`, { defaultValue: k.state }),
          },
        ]}
        // The server's KeyInput: a name, 1 to 500 scopes of at most 100 characters each.
        fields={[
          { name: 'name', label: t('key.name'), required: true, maxLength: 100 },
          {
            name: 'scopes',
            label: t('key.scopes'),
            required: true,
            help: t('key.scopesHelp'),
            validate: (v) => {
              const scopes = scopesOf(v);
              return scopes.length > 500 || scopes.some((s) => s.length > 100) ? t('key.badScopes') : null;
            },
          },
          { name: 'expiresAt', label: t('key.expiresAt'), type: 'date' },
        ]}
        toForm={() => ({ name: '', scopes: '', expiresAt: '' })}
        toBody={(v) => ({
          name: String(v.name),
          scopes: scopesOf(v.scopes),
          expiresAt: v.expiresAt ? new Date(`${String(v.expiresAt)}T23:59:59`).getTime() : null,
        })}
      />
      <Modal
        open={shown !== null}
        size="small"
        onClose={() => setShown(null)}
        aria-labelledby="secret-title"
        data-testid="secret-once"
      >
        <Modal.Header as="h2" id="secret-title">
          {t('key.created')}
        </Modal.Header>
        <Modal.Content>
          <Message warning content={t('key.once')} />
          <Segment>
            <code style={{ wordBreak: 'break-all' }} data-testid="secret-text">
              {shown}
            </code>
          </Segment>
        </Modal.Content>
        <Modal.Actions>
          <Button type="button" onClick={() => void navigator.clipboard?.writeText(shown ?? '')}>
            {t('copy')}
          </Button>
          <Button type="button" primary onClick={() => setShown(null)}>
            {t('close')}
          </Button>
        </Modal.Actions>
      </Modal>
    </>
  );
}
