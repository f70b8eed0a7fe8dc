/**
 * The identities linked to accounts by hand (security screen): who signs in as
 * whom, with a link form and an unlink button per row, each confirmed with the
 * current password.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Message, Segment } from 'semantic-ui-react';
import { useCan, useToast } from '../../../../app/hooks.ts';
import {
  CrudTable,
  RowButton,
  fieldErrorsOf,
  type FieldErrors,
  type Outcome,
} from '../../../../components/crud/index.ts';
import { formatTime, keysOf } from '../../../../components/format.ts';
import { useIdentitiesQuery, useLinkIdentityMutation, useUnlinkIdentityMutation, type Identity } from '../../api.ts';
import { useConfirmedSave } from './ConfirmPassword.tsx';
import type { SsoMethod } from './SsoSettings.tsx';

const SOURCES = keysOf<SsoMethod>({ ldap: true, oidc: true, saml: true });
const messageOf = (error: unknown) => (error as { msg?: string } | undefined)?.msg ?? '';

export function LinkedIdentities() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const list = useIdentitiesQuery({ page, pageSize: 10, ...(q ? { q } : {}) });
  const [link] = useLinkIdentityMutation();
  const [unlinkOne] = useUnlinkIdentityMutation();
  const { confirmed, busy, modal } = useConfirmedSave();
  const [form, setForm] = useState({ username: '', source: 'oidc' as SsoMethod, externalId: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const canSave = can('params.saveSecurity');

  const submit = async () => {
    const missing = (['username', 'externalId'] as const).filter((k) => !form[k].trim());
    if (missing.length) return setErrors(Object.fromEntries(missing.map((k) => [k, String(t('form.required'))])));
    const res: Outcome = await confirmed((headers) => link({ body: form, headers }));
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      return setErrors(Object.keys(fe).length ? fe : { _: messageOf(res.error) });
    }
    setErrors({});
    setForm((f) => ({ ...f, username: '', externalId: '' }));
    toast('success', t('identity.linked'));
  };
  const unlink = async (row: Identity) => {
    const res = await confirmed((headers) => unlinkOne({ id: row.id, headers }));
    if ('error' in res) toast('error', messageOf(res.error));
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
        <Message warning content={messageOf(list.error)} />
      ) : (
        <CrudTable<Identity>
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
            { key: 'username', header: t('identity.username'), render: (r) => r.username },
            { key: 'realName', header: t('identity.realName'), render: (r) => r.realName },
            { key: 'source', header: t('identity.source'), render: (r) => r.source },
            { key: 'externalId', header: t('identity.externalId'), render: (r) => r.externalId },
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
                    label={`${t('identity.unlink')} ${r.username} (${r.source})`}
                    onClick={() => void unlink(r)}
                    testId="identity-unlink"
                  />
                )
              : undefined
          }
        />
      )}
      {canSave && !list.error && (
        <Form onSubmit={() => void submit()} error={Boolean(errors._)} noValidate data-testid="identity-form">
          <Form.Group widths="equal">
            {field('username')}
            <Form.Field required>
              <label htmlFor="identity-source">{t('identity.source')}</label>
              <select
                id="identity-source"
                className="ui dropdown"
                value={form.source}
                onChange={(e) => setForm((f) => ({ ...f, source: e.target.value as SsoMethod }))}
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
