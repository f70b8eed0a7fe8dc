/**
 * /sys/webhook: webhook subscriptions (docs/product-rules.md R24). An endpoint's signing secret is shown once, at
 * creation and at rotation (asked first); a test event can be sent, and each endpoint's deliveries are listed with
 * the answers they got, page by page, each sent again on demand.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message, Modal, Segment } from 'semantic-ui-react';
import { useCan } from '../../app/hooks.ts';
import {
  ConfirmDelete,
  CrudScreen,
  CrudTable,
  RowButton,
  type FieldDef,
  type Values,
} from '../../components/crud/index.ts';
import { formatTime } from '../../components/format.ts';
import { WEBHOOK_EVENTS } from '../../../../core/modules/webhooks/events.ts';
import {
  useRedeliverWebhookMutation,
  useRotateWebhookMutation,
  useTestWebhookMutation,
  useWebhookDeliveriesQuery,
  webhooks,
  type Delivery,
  type Endpoint,
} from './api.ts';
import './i18n.ts';

const field = (i: number) => `event${i}`;

export default function WebhooksScreen() {
  const { t, i18n } = useTranslation('webhooks');
  const can = useCan();
  const mayChange = can('sys:webhook:save');
  const [secret, setSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState<Endpoint | null>(null);
  const [showing, setShowing] = useState<Endpoint | null>(null);
  const [rotate, rotation] = useRotateWebhookMutation();
  const [sendTest] = useTestWebhookMutation();
  const [copied, setCopied] = useState(false);
  const l = i18n.language;
  const eventName = (e: string) => t(`eventNames.${e}`, { defaultValue: e });

  const fields: FieldDef[] = [
    { name: 'name', label: t('name'), required: true, maxLength: 100 },
    { name: 'url', label: t('url'), required: true, maxLength: 2000, help: t('urlHelp'), placeholder: 'https://' },
    { name: 'enabled', label: t('enabled'), type: 'checkbox' },
    ...WEBHOOK_EVENTS.map((e, i) => ({ name: field(i), label: eventName(e), type: 'checkbox' as const })),
  ];
  const toForm = (row: Endpoint | null): Values => ({
    name: row?.name ?? '',
    url: row?.url ?? '',
    enabled: row?.enabled ?? true,
    ...Object.fromEntries(WEBHOOK_EVENTS.map((e, i) => [field(i), row ? row.events.includes(e) : false])),
  });
  const toBody = (v: Values) => ({
    name: String(v.name ?? ''),
    url: String(v.url ?? ''),
    enabled: Boolean(v.enabled),
    events: WEBHOOK_EVENTS.filter((_, i) => Boolean(v[field(i)])),
  });
  const showSecret = (answer: unknown) => {
    setCopied(false);
    setSecret((answer as { secret?: string } | undefined)?.secret ?? '');
  };

  return (
    <>
      <CrudScreen
        name="webhooks"
        title={t('title')}
        description={t('description')}
        perm={{ add: 'sys:webhook:save', update: 'sys:webhook:save', delete: 'sys:webhook:save' }}
        source={webhooks}
        nameOf={(e) => e.name}
        emptyText={t('empty')}
        onCreated={showSecret}
        columns={[
          { key: 'name', header: t('name'), render: (e) => e.name },
          { key: 'url', header: t('url'), render: (e) => <code style={{ wordBreak: 'break-all' }}>{e.url}</code> },
          { key: 'events', header: t('events'), render: (e) => e.events.map(eventName).join(', ') },
          {
            key: 'state',
            header: t('state'),
            render: (e) =>
              e.enabled
                ? e.failingSince
                  ? `${t('stateOn')} (${t('failingSince')} ${formatTime(e.failingSince, l)})`
                  : t('stateOn')
                : t('stateOff'),
          },
        ]}
        fields={fields}
        toForm={toForm}
        toBody={toBody}
        rowActions={(e) => (
          <>
            {mayChange && (
              <RowButton
                icon="paper plane outline"
                label={t('test')}
                testId="webhook-test"
                onClick={() =>
                  void sendTest(e.id).then((r) => {
                    if ('data' in r) setShowing(e);
                  })
                }
              />
            )}
            <RowButton icon="list" label={t('deliveries')} testId="webhook-deliveries" onClick={() => setShowing(e)} />
            {mayChange && (
              <RowButton icon="sync" label={t('rotate')} testId="webhook-rotate" onClick={() => setRotating(e)} />
            )}
          </>
        )}
      />
      <ConfirmDelete
        name={rotating?.name ?? null}
        title={t('rotateTitle')}
        question={t('rotateQuestion', { name: rotating?.name ?? '' })}
        action={t('rotate')}
        busy={rotation.isLoading}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          const id = rotating!.id;
          setRotating(null);
          void rotate(id).then((r) => {
            if ('data' in r) showSecret(r.data);
          });
        }}
      />
      <Modal
        open={secret !== null}
        size="small"
        onClose={() => setSecret(null)}
        aria-labelledby="webhook-secret-title"
        data-testid="webhook-secret-once"
      >
        <Modal.Header as="h2" id="webhook-secret-title">
          {t('created')}
        </Modal.Header>
        <Modal.Content>
          <Message warning content={t('once')} />
          <Segment>
            <code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret-text">
              {secret}
            </code>
          </Segment>
        </Modal.Content>
        <Modal.Actions>
          <Button
            type="button"
            icon="copy"
            content={copied ? t('copied') : t('copy')}
            onClick={() =>
              void navigator.clipboard?.writeText(secret ?? '').then(
                () => setCopied(true),
                () => undefined,
              )
            }
          />
          <Button type="button" primary onClick={() => setSecret(null)} data-testid="webhook-secret-close">
            {t('close')}
          </Button>
        </Modal.Actions>
      </Modal>
      {showing && <Deliveries endpoint={showing} mayChange={mayChange} onClose={() => setShowing(null)} />}
    </>
  );
}

/** One endpoint's delivery log, newest first, page by page. */
function Deliveries({ endpoint, mayChange, onClose }: { endpoint: Endpoint; mayChange: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const list = useWebhookDeliveriesQuery({ id: endpoint.id, page, pageSize: 10 });
  const [redeliver] = useRedeliverWebhookMutation();
  const l = i18n.language;
  return (
    <Modal open size="large" onClose={onClose} aria-labelledby="webhook-deliveries-title" data-testid="webhook-log">
      <Modal.Header as="h2" id="webhook-deliveries-title">
        {t('deliveriesOf', { name: endpoint.name })}
      </Modal.Header>
      <Modal.Content scrolling>
        <CrudTable<Delivery>
          label={t('deliveriesOf', { name: endpoint.name })}
          data={list.data}
          loading={list.isFetching}
          rowKey={(d) => d.id}
          page={page}
          onPage={setPage}
          emptyText={t('noDeliveries')}
          testId="webhook-deliveries-table"
          toolbar={
            <Button
              type="button"
              icon="refresh"
              content={t('refresh')}
              data-testid="webhook-refresh"
              onClick={() => void list.refetch()}
            />
          }
          columns={[
            {
              key: 'event',
              header: t('event'),
              render: (d) => t(`eventNames.${d.eventType}`, { defaultValue: d.eventType }),
            },
            {
              key: 'state',
              header: t('state'),
              render: (d) => t(`deliveryState.${d.state}`, { defaultValue: d.state }),
            },
            {
              key: 'status',
              header: t('status'),
              render: (d) => <span data-testid="delivery-status">{d.lastStatus ?? '—'}</span>,
            },
            { key: 'attempts', header: t('attempts'), render: (d) => d.attempts },
            { key: 'sentAt', header: t('sentAt'), render: (d) => formatTime(d.lastAttemptAt, l) },
            { key: 'error', header: t('lastError'), render: (d) => d.lastError ?? '' },
            { key: 'messageId', header: t('messageId'), render: (d) => <code>{d.messageId}</code> },
          ]}
          actions={
            mayChange
              ? (d) => (
                  <RowButton
                    icon="redo"
                    label={t('redeliver')}
                    testId="webhook-redeliver"
                    onClick={() => void redeliver(d.id).then(() => list.refetch())}
                  />
                )
              : undefined
          }
        />
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" primary onClick={onClose} data-testid="webhook-log-close">
          {t('close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
