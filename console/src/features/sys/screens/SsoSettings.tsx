/**
 * The single sign-on part of the security screen: one settings form per method
 * (LDAP, OIDC, SAML) and the identities linked to accounts by hand. Both change
 * whom Atrium trusts, so their saves go through the current-password
 * confirmation, and only the system administrator may make them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Message, Segment } from 'semantic-ui-react';
import { CrudTable, RowButton, fieldErrorsOf, type FieldErrors } from '../../../components/crud/index.ts';
import { useSysListQuery, type Row } from '../api.ts';
import { useConfirmedSave } from '../components/ConfirmPassword.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';
import { errorMessage, formatTime, useCan, useToast } from '../components/common.tsx';

export const SSO_METHODS = ['ldap', 'oidc', 'saml'] as const;
type Method = (typeof SSO_METHODS)[number];

/** Sign-in settings the server has no default for: shown (empty) before the first save, and required. */
const SSO_REQUIRED = {
  ldap: ['url', 'searchBase'],
  oidc: ['issuer', 'clientId'],
  saml: ['entryPoint', 'idpCert', 'issuer'],
} as const;

/** Addresses that default to the public address (ATRIUM_PUBLIC_URL) when left empty. */
const PUBLIC_DEFAULTS: Record<Method, string[]> = {
  ldap: [],
  oidc: ['redirectUri', 'consoleUrl'],
  saml: ['callbackUrl', 'consoleUrl'],
};

export function SsoSettings({ method }: { method: Method }) {
  const { t } = useTranslation('sys');
  const { save, modal } = useConfirmedSave();
  const required = SSO_REQUIRED[method];
  // The modal stays outside the settings form: its submit would otherwise bubble (through the portal) into a second save.
  return (
    <>
      <SettingsForm
        path={`/sys/sso/${method}`}
        savePerm="sys:security:save"
        testId={`sso-${method}`}
        title={t(`security.${method}`)}
        blank={Object.fromEntries(required.map((k) => [k, '']))}
        overrides={{
          ...Object.fromEntries(required.map((k) => [k, { required: true }])),
          ...Object.fromEntries(PUBLIC_DEFAULTS[method].map((k) => [k, { help: t('security.publicDefault') }])),
          matchByUsername: { help: t('security.matchHelp') },
          ...(method === 'saml' ? { idpCert: { type: 'textarea', required: true } } : {}),
        }}
        validate={(v) =>
          Object.fromEntries(
            required.filter((k) => String(v[k] ?? '').trim() === '').map((k) => [k, String(t('form.required'))]),
          )
        }
        saveWith={save}
        footer={<p style={{ color: '#555' }}>{t('security.adminOnly')}</p>}
      />
      {modal}
    </>
  );
}

const SOURCES = ['ldap', 'oidc', 'saml'];

/** The identities linked to accounts: who signs in as whom, with a link form and an unlink button per row. */
export function LinkedIdentities() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const list = useSysListQuery({ path: '/sys/sso/identities', params: { page, pageSize: 10, ...(q ? { q } : {}) } });
  const { save, busy, modal } = useConfirmedSave();
  const [form, setForm] = useState({ username: '', source: 'oidc', externalId: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const canSave = can('sys:security:save');

  const link = async () => {
    const missing = (['username', 'externalId'] as const).filter((k) => !form[k].trim());
    if (missing.length) return setErrors(Object.fromEntries(missing.map((k) => [k, String(t('form.required'))])));
    const res = await save({ path: '/sys/sso/identities', method: 'POST', body: form });
    if (res.error) {
      const fe = fieldErrorsOf(res.error);
      return setErrors(Object.keys(fe).length ? fe : { _: errorMessage(res.error) });
    }
    setErrors({});
    setForm((f) => ({ ...f, username: '', externalId: '' }));
    toast('success', t('identity.linked'));
  };
  const unlink = async (row: Row) => {
    const res = await save({ path: `/sys/sso/identities/${row.id}`, method: 'DELETE', body: undefined });
    if (res.error) toast('error', errorMessage(res.error));
    else toast('success', t('identity.unlinked'));
  };
  const field = (name: 'username' | 'externalId') => (
    <Form.Input
      id={`identity-${name}`}
      label={t(`identity.${name}`)}
      required
      value={form[name]}
      error={errors[name] ? { content: errors[name], pointing: 'above' } : undefined}
      onChange={(_, d) => setForm((f) => ({ ...f, [name]: String(d.value ?? '') }))}
    />
  );

  return (
    <Segment data-testid="sso-identities">
      <Header as="h2" size="small">
        {t('identity.title')}
      </Header>
      <p>{t('identity.help')}</p>
      {list.error ? (
        <Message warning content={errorMessage(list.error)} />
      ) : (
        <CrudTable<Row>
          label={t('identity.title')}
          testId="identities"
          data={list.data}
          loading={list.isFetching}
          rowKey={(r) => r.id}
          page={page}
          onPage={setPage}
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
          emptyText={t('identity.none')}
          columns={[
            { key: 'username', header: t('identity.username'), render: (r) => String(r.username) },
            { key: 'realName', header: t('identity.realName'), render: (r) => String(r.realName) },
            { key: 'source', header: t('identity.source'), render: (r) => String(r.source) },
            { key: 'externalId', header: t('identity.externalId'), render: (r) => String(r.externalId) },
            {
              key: 'createdAt',
              header: t('identity.createdAt'),
              render: (r) => formatTime(r.createdAt, i18n.language),
            },
          ]}
          actions={
            canSave
              ? (r) => (
                  <RowButton
                    icon="unlink"
                    negative
                    label={`${t('identity.unlink')} ${String(r.username)} (${String(r.source)})`}
                    onClick={() => void unlink(r)}
                    testId="identity-unlink"
                  />
                )
              : undefined
          }
        />
      )}
      {canSave && !list.error && (
        <Form onSubmit={() => void link()} error={Boolean(errors._)} noValidate data-testid="identity-form">
          <Form.Group widths="equal">
            {field('username')}
            <Form.Field required>
              <label htmlFor="identity-source">{t('identity.source')}</label>
              <select
                id="identity-source"
                className="ui dropdown"
                value={form.source}
                onChange={(e) => setForm((f) => ({ ...f, source: e.target.value }))}
              >
                {SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {t(`security.${s}`)}
                  </option>
                ))}
              </select>
            </Form.Field>
            {field('externalId')}
          </Form.Group>
          <Message error role="alert" content={errors._} />
          <Button type="submit" primary loading={busy} disabled={busy} data-testid="identity-link">
            {t('identity.link')}
          </Button>
        </Form>
      )}
      {modal}
    </Segment>
  );
}
