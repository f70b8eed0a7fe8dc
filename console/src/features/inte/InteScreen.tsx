/**
 * One integration kind (/inte/<screen>): the provider choice ("none"
 * included), its settings form generated from the JSON Schema (secrets
 * write-only), a connection test, the provider's health and its failed
 * deliveries (parked outbox entries) with a retry.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Icon, Label, Loader, Message, Segment } from 'semantic-ui-react';
import { CrudTable, RowButton, fieldErrorsOf, type FieldErrors } from '../../components/crud/index.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSysGetQuery, useSysListQuery, useSysSaveMutation, type Row } from '../sys/api.ts';
import { checkFields, Fields, type Values } from '../sys/components/Fields.tsx';
import { errorMessage, formatTime, humanise, inLang, useCan, useToast } from '../sys/components/common.tsx';
import { initialValues, schemaErrors, schemaFields, settingsBody, type Kind } from './schemaForm.ts';
import './i18n.ts';

interface SettingsView {
  kind: string;
  provider: string;
  settings: Record<string, unknown>;
  secretsSet: Record<string, boolean>;
  health: { state: string; detail: string | null; at: number | null };
  updatedAt: number;
}
interface TestAnswer {
  provider: string;
  ok: boolean;
  detail: string | null;
  ms: number;
}

const HEALTH: Record<string, string> = {
  ok: 'green',
  healthy: 'green',
  up: 'green',
  degraded: 'orange',
  down: 'red',
  error: 'red',
  failing: 'red',
  unknown: 'grey',
};

const OUTBOX_STATES = ['parked', 'pending', 'done'] as const;
const STATE_COLOUR: Record<string, string> = { parked: 'red', pending: 'orange', done: 'green' };

/** The outbox of a kind: the failed (parked) deliveries first, with a retry; the other states on request. */
function Outbox({ kind, screen }: { kind: string; screen: string }) {
  const { t, i18n } = useTranslation('inte');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<string>('parked');
  const { data, isFetching, refetch } = useSysListQuery({
    path: '/inte/outbox',
    params: { kind, ...(state ? { state } : {}), page, pageSize: 10 },
  });
  const [save] = useSysSaveMutation();
  const retry = async (r: Row) => {
    const res = await save({ path: `/inte/outbox/${r.id}/retry`, method: 'POST', body: {} });
    if ('error' in res) toast('error', errorMessage(res.error));
    else toast('success', t('retried'));
  };
  const l = i18n.language;
  const title = state === 'parked' ? t('failed') : t('deliveries');
  return (
    <Segment>
      <Header as="h2" size="small">
        {title}
      </Header>
      <CrudTable<Row>
        label={title}
        testId="outbox"
        data={data}
        loading={isFetching}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
        emptyText={state === 'parked' ? t('noFailed') : t('noDeliveries')}
        toolbar={
          <>
            <label htmlFor="outbox-state">{t('state')}</label>
            <select
              id="outbox-state"
              className="ui dropdown"
              value={state}
              data-testid="outbox-state"
              onChange={(e) => {
                setState(e.target.value);
                setPage(1);
              }}
            >
              {OUTBOX_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`states.${s}`)}
                </option>
              ))}
              <option value="">{t('allStates')}</option>
            </select>
            <Button
              type="button"
              basic
              icon
              labelPosition="left"
              onClick={() => void refetch()}
              data-testid="outbox-refresh"
            >
              <Icon name="refresh" aria-hidden="true" />
              {t('refresh')}
            </Button>
          </>
        }
        columns={[
          { key: 'at', header: t('created'), render: (r) => formatTime(r.createdAt, l) },
          { key: 'provider', header: t('provider'), render: (r) => String(r.provider ?? '') },
          { key: 'topic', header: t('topic'), render: (r) => String(r.topic ?? '') },
          { key: 'summary', header: t('summary'), render: (r) => String(r.summary ?? '') },
          {
            key: 'state',
            header: t('state'),
            render: (r) => (
              <Label
                size="small"
                basic
                color={(STATE_COLOUR[String(r.state)] ?? 'grey') as never}
                data-testid="outbox-row-state"
                data-state={String(r.state)}
              >
                {t(`states.${String(r.state)}`, { defaultValue: String(r.state) })}
              </Label>
            ),
          },
          { key: 'attempts', header: t('attempts'), render: (r) => String(r.attempts ?? '') },
          {
            key: 'error',
            header: t('lastError'),
            render: (r) => <span style={{ wordBreak: 'break-word' }}>{String(r.lastError ?? '')}</span>,
          },
        ]}
        actions={
          can(`inte:${screen}:save`)
            ? (r) =>
                r.state === 'parked' ? (
                  <RowButton
                    icon="redo"
                    label={`${t('retry')} ${r.id}`}
                    onClick={() => void retry(r)}
                    testId="outbox-retry"
                  />
                ) : null
            : undefined
        }
      />
    </Segment>
  );
}

export function InteKind({ screen, embedded }: { screen: string; embedded?: boolean }) {
  const { t, i18n } = useTranslation('inte');
  const lang = i18n.language;
  const can = useCan();
  const toast = useToast();
  const kinds = useSysGetQuery({ path: '/inte/kinds' });
  const current = useSysGetQuery({ path: `/inte/settings/${screen}` });
  const [save, saving] = useSysSaveMutation();
  const [test, testing] = useSysSaveMutation();
  const kind = ((kinds.data as { kinds?: Kind[] } | undefined)?.kinds ?? []).find(
    (k) => k.screen === screen || k.kind === screen,
  );
  const view = current.data as SettingsView | undefined;
  const [providerId, setProviderId] = useState('none');
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<TestAnswer | null>(null);
  const title = kind ? inLang(kind.names, lang) : t(`kinds.${screen}`, { defaultValue: screen });
  usePageTitle(embedded ? undefined : title);
  const provider = kind?.providers.find((p) => p.id === providerId);
  useEffect(() => {
    if (!kind || !view) return;
    setProviderId(view.provider || 'none');
    const p = kind.providers.find((x) => x.id === view.provider);
    setValues(p ? initialValues(p, view.settings) : {});
  }, [kind?.kind, view]);
  if (kinds.isLoading || current.isLoading) return <Loader active inline="centered" />;
  if (!kind || !view)
    return <Message warning content={errorMessage(kinds.error ?? current.error) || t('unknownKind')} />;

  const secretsSet = providerId === view.provider ? view.secretsSet : {};
  const fields = provider
    ? schemaFields(provider, lang, (n) => String(t(`fields.${n}`, { defaultValue: humanise(n) })), secretsSet, {
        set: t('secretSet'),
        notSet: t('secretNotSet'),
      })
    : [];
  const tr = (k: string, o?: Record<string, unknown>) => String(t(k, o ?? {}));
  const validate = (): boolean => {
    if (!provider) return true;
    const errs = {
      ...schemaErrors(provider, values, {
        integer: t('form.integer'),
        minLength: (n) => t('form.minLength', { min: n }),
        pattern: t('form.pattern'),
        url: t('form.url'),
        json: t('form.json'),
        email: t('form.email'),
      }),
      ...checkFields(fields, values, tr, true),
    };
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };
  const serverErrors = (error: unknown) => {
    const fe = fieldErrorsOf(error);
    const mapped: FieldErrors = {};
    for (const [k, m] of Object.entries(fe)) mapped[k.replace(/^settings\./, '')] = m;
    setErrors(Object.keys(mapped).length ? mapped : { _: errorMessage(error) });
  };
  const submit = async () => {
    if (!validate()) return;
    const res = await save({
      path: `/inte/settings/${screen}`,
      method: 'PUT',
      body: { provider: providerId, settings: provider ? settingsBody(provider, values) : {} },
    });
    if ('error' in res) return serverErrors(res.error);
    setErrors({});
    toast('success', t('saved'));
  };
  const runTest = async () => {
    if (!validate()) return;
    setResult(null);
    const res = await test({
      path: `/inte/settings/${screen}/test`,
      method: 'POST',
      body: { provider: providerId, settings: provider ? settingsBody(provider, values) : {} },
    });
    if ('error' in res) return serverErrors(res.error);
    setResult(res.data as TestAnswer);
  };
  const canSave = can(`inte:${kind.screen}:save`);
  const hasErrors = Object.keys(errors).length > 0;
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return (
    <div className="inte-screen" data-testid={`inte-${kind.screen}`}>
      {!embedded && (
        <Header as="h1" size="medium">
          {title}
        </Header>
      )}
      <Segment>
        <p>
          {t('health')}:{' '}
          <Label color={(HEALTH[view.health.state] ?? 'grey') as never} data-testid="inte-health">
            {t(`healthState.${view.health.state}`, { defaultValue: view.health.state })}
          </Label>
          {view.health.detail && <span style={{ marginLeft: '.5em' }}>{view.health.detail}</span>}
          {view.health.at && (
            <small style={{ marginLeft: '.5em', color: '#555' }}>{formatTime(view.health.at, lang)}</small>
          )}
        </p>
        <Form onSubmit={() => void submit()} error={hasErrors} noValidate data-testid="inte-form" aria-label={title}>
          {hasErrors && (
            <Message
              error
              role="alert"
              header={t('fixFields')}
              list={Object.entries(errors).map(([f, m]) => (f === '_' ? m : `${label(f)}: ${m}`))}
            />
          )}
          <Form.Field required>
            <label htmlFor="inte-provider">{t('provider')}</label>
            <select
              id="inte-provider"
              className="ui dropdown"
              value={providerId}
              disabled={!canSave}
              data-testid="inte-provider"
              onChange={(e) => {
                const p = kind.providers.find((x) => x.id === e.target.value);
                setProviderId(e.target.value);
                setValues(p ? initialValues(p, e.target.value === view.provider ? view.settings : {}) : {});
                setErrors({});
                setResult(null);
              }}
            >
              {kind.providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {inLang(p.names, lang)}
                </option>
              ))}
            </select>
          </Form.Field>
          {providerId === 'none' && <Message info content={t('noneHelp')} />}
          <Fields
            idPrefix="inte"
            fields={fields}
            values={values}
            errors={errors}
            disabled={!canSave}
            creating
            onChange={(n, v) => setValues((o) => ({ ...o, [n]: v }))}
          />
          {fields.some((f) => f.type === 'password') && (
            <p style={{ color: '#555' }}>
              <Icon name="lock" aria-hidden="true" />
              {t('secretHelp')}
            </p>
          )}
          {canSave && (
            <>
              <Button
                type="submit"
                primary
                loading={saving.isLoading}
                disabled={saving.isLoading}
                data-testid="inte-save"
              >
                {t('save')}
              </Button>
              <Button
                type="button"
                basic
                loading={testing.isLoading}
                disabled={testing.isLoading || providerId === 'none'}
                onClick={() => void runTest()}
                data-testid="inte-test"
              >
                {t('test')}
              </Button>
            </>
          )}
        </Form>
        {result && (
          <Message
            positive={result.ok}
            negative={!result.ok}
            role="status"
            data-testid="inte-test-result"
            header={result.ok ? t('testOk', { ms: result.ms }) : t('testFailed')}
            content={result.detail ?? undefined}
          />
        )}
      </Segment>
      <Outbox kind={kind.kind} screen={kind.screen} />
    </div>
  );
}

export function makeInteScreen(screen: string) {
  return function InteScreen() {
    return <InteKind screen={screen} />;
  };
}
