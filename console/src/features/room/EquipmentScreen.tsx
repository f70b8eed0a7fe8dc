/** /room/equipment: devices with their connection status and last connection time. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form } from 'semantic-ui-react';
import {
  CrudTable,
  FormModal,
  RowButton,
  errorFor,
  fieldErrorsOf,
  type Column,
  type FieldErrors,
} from '../../components/crud/index.ts';
import { useList, useOptions, useRoomSaveMutation, type Device, type Resource } from './api.ts';
import { formatTime, StatusLabel, useCan, useToast } from './common.tsx';
import { useConfirmedDelete } from './confirmed-delete.tsx';

const PATH = '/room/devices';
const KINDS = ['pad', 'relay', 'environment', 'occupancy', 'sensor', 'cardReader', 'lock', 'other'];
const MAC = /^[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(\1[0-9A-Fa-f]{2}){4}$/;

interface Draft {
  id: number | null;
  name: string;
  deviceNo: string;
  kind: string;
  showOnTerminal: boolean;
  macAddress: string;
  identifier: string;
  resourceId: number | null;
  connected: boolean;
  lastSeenAt: number | null;
}

export default function EquipmentScreen() {
  const { t, i18n } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [connected, setConnected] = useState('');
  const { data, isFetching } = useList<Device>(PATH, {
    page,
    pageSize: 20,
    q: q || undefined,
    connected: connected || undefined,
  });
  const { data: resources } = useOptions<Resource>('/room/resources', {});
  const [save, saving] = useRoomSaveMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ask: setDeleting, dialog: deleteDialog } = useConfirmedDelete<Device>(PATH, (d) => d.name);

  const open = (d?: Device) => {
    setErrors({});
    setDraft(
      d
        ? {
            id: d.id,
            name: d.name,
            deviceNo: d.deviceNo,
            kind: d.kind,
            showOnTerminal: d.showOnTerminal,
            macAddress: d.macAddress ?? '',
            identifier: d.identifier ?? '',
            resourceId: d.resourceId,
            connected: d.connected,
            lastSeenAt: d.lastSeenAt,
          }
        : {
            id: null,
            name: '',
            deviceNo: '',
            kind: 'pad',
            showOnTerminal: false,
            macAddress: '',
            identifier: '',
            resourceId: null,
            connected: false,
            lastSeenAt: null,
          },
    );
  };
  const submit = async () => {
    if (!draft) return;
    const local: FieldErrors = {};
    if (!draft.name.trim()) local.name = t('form.required');
    if (!draft.deviceNo.trim()) local.deviceNo = t('form.required');
    if (draft.macAddress.trim() && !MAC.test(draft.macAddress.trim())) local.macAddress = t('form.mac');
    setErrors(local);
    if (Object.keys(local).length) return;
    const { id, macAddress, identifier, ...rest } = draft;
    const r = await save({
      path: PATH,
      id,
      body: { ...rest, macAddress: macAddress.trim() || null, identifier: identifier || null },
    });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('saved'));
    setDraft(null);
  };
  const columns: Column<Device>[] = [
    { key: 'name', header: t('field.name'), render: (d) => d.name },
    { key: 'no', header: t('field.deviceNo'), render: (d) => d.deviceNo },
    { key: 'kind', header: t('field.kind'), render: (d) => t(`kind.${d.kind}`) },
    { key: 'resource', header: t('field.resource'), render: (d) => d.resourceName ?? '—' },
    { key: 'mac', header: t('field.macAddress'), render: (d) => d.macAddress ?? '—' },
    {
      key: 'conn',
      header: t('field.connection'),
      render: (d) => (
        <StatusLabel tone={d.connected ? 'green' : 'grey'}>{d.connected ? t('online') : t('offline')}</StatusLabel>
      ),
    },
    { key: 'seen', header: t('field.lastSeen'), render: (d) => formatTime(d.lastSeenAt, i18n.language) },
  ];
  const showActions = can('room:equipment:update') || can('room:equipment:delete');
  return (
    <section aria-labelledby="equipment-title">
      <h1 id="equipment-title" className="ui header">
        {t('equipment.title')}
      </h1>
      <CrudTable
        label={t('equipment.title')}
        columns={columns}
        data={data}
        loading={isFetching}
        rowKey={(d) => d.id}
        page={page}
        onPage={setPage}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
        emptyText={t('empty')}
        testId="equipment-table"
        toolbar={
          <>
            <div className="field" style={{ display: 'flex', flexDirection: 'column' }}>
              <label htmlFor="equipment-f-conn" style={{ fontSize: '0.85em' }}>
                {t('field.connection')}
              </label>
              <select
                id="equipment-f-conn"
                className="ui dropdown"
                value={connected}
                onChange={(e) => {
                  setConnected(e.target.value);
                  setPage(1);
                }}
              >
                <option value="">{t('all')}</option>
                <option value="true">{t('online')}</option>
                <option value="false">{t('offline')}</option>
              </select>
            </div>
            {can('room:equipment:add') && (
              <Button primary icon="plus" content={t('add')} onClick={() => open()} data-testid="equipment-add" />
            )}
          </>
        }
        actions={
          showActions
            ? (d) => (
                <>
                  {can('room:equipment:update') && (
                    <RowButton icon="edit" label={`${t('edit')} ${d.name}`} onClick={() => open(d)} testId="row-edit" />
                  )}
                  {can('room:equipment:delete') && (
                    <RowButton
                      icon="trash"
                      negative
                      label={`${t('delete')} ${d.name}`}
                      onClick={() => setDeleting(d)}
                      testId="row-delete"
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      <FormModal
        open={draft !== null}
        title={draft?.id ? t('equipment.edit') : t('equipment.add')}
        onClose={() => setDraft(null)}
        onSubmit={() => void submit()}
        saving={saving.isLoading}
        errors={errors}
        testId="equipment-form"
      >
        {draft && (
          <>
            <Form.Input
              id="dev-name"
              label={t('field.name')}
              required
              maxLength={100}
              value={draft.name}
              error={errorFor(errors, 'name')}
              onChange={(_, d) => setDraft({ ...draft, name: d.value })}
            />
            <Form.Input
              id="dev-no"
              label={t('field.deviceNo')}
              required
              maxLength={100}
              value={draft.deviceNo}
              error={errorFor(errors, 'deviceNo')}
              onChange={(_, d) => setDraft({ ...draft, deviceNo: d.value })}
            />
            <Form.Field>
              <label htmlFor="dev-kind">{t('field.kind')}</label>
              <select
                id="dev-kind"
                className="ui dropdown"
                value={draft.kind}
                onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
              >
                {KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kind.${k}`)}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Input
              id="dev-mac"
              label={t('field.macAddress')}
              placeholder="00:1A:2B:3C:4D:5E"
              value={draft.macAddress}
              error={errorFor(errors, 'macAddress')}
              onChange={(_, d) => setDraft({ ...draft, macAddress: d.value })}
            />
            <Form.Input
              id="dev-identifier"
              label={t('field.identifier')}
              maxLength={100}
              value={draft.identifier}
              onChange={(_, d) => setDraft({ ...draft, identifier: d.value })}
            />
            <Form.Field>
              <label htmlFor="dev-resource">{t('field.resource')}</label>
              <select
                id="dev-resource"
                className="ui dropdown"
                value={draft.resourceId ?? ''}
                onChange={(e) => setDraft({ ...draft, resourceId: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">{t('none')}</option>
                {resources?.items.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Field>
              <Checkbox
                id="dev-show"
                label={t('field.showOnTerminal')}
                checked={draft.showOnTerminal}
                onChange={(_, d) => setDraft({ ...draft, showOnTerminal: Boolean(d.checked) })}
              />
            </Form.Field>
            {draft.id && (
              <p>
                {t('field.connection')}: {draft.connected ? t('online') : t('offline')} · {t('field.lastSeen')}:{' '}
                {formatTime(draft.lastSeenAt, i18n.language)}
              </p>
            )}
          </>
        )}
      </FormModal>
      {deleteDialog}
    </section>
  );
}
