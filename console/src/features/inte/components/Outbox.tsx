/** The outbox of a kind: the failed (parked) deliveries first, with a retry; the other states on request. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Label } from 'semantic-ui-react';
import { useCan, useToast } from '../../../app/hooks.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { CrudScreen, RowButton } from '../../../components/crud/index.ts';
import { formatTime, keysOf } from '../../../components/format.ts';
import { inteApi, outbox, useRetryOutboxMutation, type OutboxArgs, type PluginKind } from '../api.ts';

type State = NonNullable<OutboxArgs['state']>;
const STATES = keysOf<State>({ parked: true, pending: true, done: true });
const COLOUR: Record<string, string> = { parked: 'red', pending: 'orange', done: 'green' };

export function Outbox({ kind, screen }: { kind: PluginKind; screen: string }) {
  const { t, i18n } = useTranslation('inte');
  const can = useCan();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<State | ''>('parked');
  const [retry] = useRetryOutboxMutation();
  const again = async (id: number) => {
    const res = await retry(id);
    if ('error' in res) toast('error', (res.error as { msg?: string }).msg ?? '');
    else toast('success', t('retried'));
  };
  const l = i18n.language;
  const stateName = (s: string) => t(`states.${s}`, { defaultValue: s });
  return (
    <CrudScreen
      embedded
      name="outbox"
      title={state === 'parked' ? t('failed') : t('deliveries')}
      perm={`inte:${screen}`}
      source={outbox}
      query={{ kind, ...(state ? { state } : {}) }}
      pageSize={10}
      search={false}
      nameOf={(r) => String(r.id)}
      emptyText={state === 'parked' ? t('noFailed') : t('noDeliveries')}
      toolbar={
        <>
          <label htmlFor="outbox-state">{t('state')}</label>
          <select
            id="outbox-state"
            className="ui dropdown"
            value={state}
            data-testid="outbox-state"
            onChange={(e) => setState(e.target.value as State | '')}
          >
            {STATES.map((s) => (
              <option key={s} value={s}>
                {stateName(s)}
              </option>
            ))}
            <option value="">{t('allStates')}</option>
          </select>
          <Button
            type="button"
            basic
            icon
            labelPosition="left"
            onClick={() => dispatch(inteApi.util.invalidateTags(['Inte']))}
            data-testid="outbox-refresh"
          >
            <Icon name="refresh" aria-hidden="true" />
            {t('refresh')}
          </Button>
        </>
      }
      columns={[
        { key: 'at', header: t('created'), render: (r) => formatTime(r.createdAt, l) },
        { key: 'provider', header: t('provider'), render: (r) => r.provider ?? '' },
        { key: 'topic', header: t('topic'), render: (r) => r.topic },
        { key: 'summary', header: t('summary'), render: (r) => r.summary ?? '' },
        {
          key: 'state',
          header: t('state'),
          render: (r) => (
            <Label
              size="small"
              basic
              color={(COLOUR[r.state] ?? 'grey') as never}
              data-testid="outbox-row-state"
              data-state={r.state}
            >
              {stateName(r.state)}
            </Label>
          ),
        },
        { key: 'attempts', header: t('attempts'), render: (r) => r.attempts },
        {
          key: 'error',
          header: t('lastError'),
          render: (r) => <span style={{ wordBreak: 'break-word' }}>{r.lastError ?? ''}</span>,
        },
      ]}
      rowActions={(r) =>
        can(`integrations.${kind}.save`) && r.state === 'parked' ? (
          <RowButton
            icon="redo"
            label={`${t('retry')} ${r.id}`}
            onClick={() => void again(r.id)}
            testId="outbox-retry"
          />
        ) : null
      }
    />
  );
}
