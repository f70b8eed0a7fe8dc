/** Resources (rooms, desks, others): list with search, filters by type, location and floor, paging; the form; delete. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { useConfigQuery } from '../../app/api.ts';
import { CrudTable, RowButton, type Column } from '../../components/crud/index.ts';
import { useList, useOptions, type Floor, type Location, type Resource } from './api.ts';
import { StatusLabel, useCan } from './common.tsx';
import { useConfirmedDelete } from './confirmed-delete.tsx';
import { ResourceForm } from './ResourceForm.tsx';

/** The resource types the availableResource parameter offers. */
export function useTypes(): number[] {
  const { data } = useConfigQuery();
  const raw = String(data?.config.availableResource ?? '0,1');
  const types = raw
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0);
  return types.length ? types : [0, 1];
}

interface Props {
  /** Desks only (type 1, room:desk:* permissions), or every type (room:room:*). */
  desks: boolean;
}

export function ResourceList({ desks }: Props) {
  const { t } = useTranslation('room');
  const can = useCan();
  const perm = desks ? 'room:desk' : 'room:room';
  const allTypes = useTypes();
  const types = desks ? [1] : allTypes;
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [type, setType] = useState<number | ''>(desks ? 1 : '');
  const [locationId, setLocationId] = useState<number | ''>('');
  const [floorId, setFloorId] = useState<number | ''>('');
  const params = {
    page,
    pageSize: 20,
    q: q || undefined,
    type: type === '' ? undefined : type,
    locationId: locationId || undefined,
    floorId: floorId || undefined,
  };
  const { data, isFetching } = useList<Resource>('/room/resources', params);
  const { data: locations } = useOptions<Location>('/room/locations', {});
  const { data: floors } = useOptions<Floor>('/room/floors', { locationId: locationId || undefined }, !locationId);
  const [form, setForm] = useState<{ id: number | null } | null>(null);
  const { ask: setDeleting, dialog: deleteDialog } = useConfirmedDelete<Resource>('/room/resources', (r) => r.name);
  const typeName = (n: number) => (n === 0 ? t('type.room') : n === 1 ? t('type.desk') : t('type.other', { n }));
  const prefix = desks ? 'desk' : 'resource';

  const columns = useMemo<Column<Resource>[]>(
    () => [
      { key: 'name', header: t('field.name'), render: (r) => r.name },
      ...(desks ? [] : [{ key: 'type', header: t('field.type'), render: (r: Resource) => typeName(r.type) }]),
      { key: 'capacity', header: t('field.capacity'), render: (r) => r.capacity },
      { key: 'location', header: t('field.location'), render: (r) => r.locationName },
      { key: 'floor', header: t('field.floor'), render: (r) => r.floorName ?? '—' },
      { key: 'price', header: t('field.price'), render: (r) => (r.pricePerHour / 100).toFixed(2) },
      {
        key: 'status',
        header: t('field.status'),
        render: (r) => (
          <StatusLabel tone={r.status === 1 ? 'green' : 'grey'}>
            {r.status === 1 ? t('status.open') : t('status.disabled')}
          </StatusLabel>
        ),
      },
    ],
    [t, desks],
  );

  const filter = (
    id: string,
    label: string,
    value: number | '',
    options: Array<{ value: number; text: string }>,
    onChange: (v: number | '') => void,
    disabled = false,
  ) => (
    <div className="field" style={{ display: 'flex', flexDirection: 'column' }}>
      <label htmlFor={id} style={{ fontSize: '0.85em' }}>
        {label}
      </label>
      <select
        id={id}
        className="ui dropdown"
        value={value}
        disabled={disabled}
        onChange={(e) => {
          onChange(e.target.value === '' ? '' : Number(e.target.value));
          setPage(1);
        }}
      >
        <option value="">{t('all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
  const showActions = can(`${perm}:update`) || can(`${perm}:delete`);
  return (
    <section aria-labelledby={`${prefix}-title`}>
      <h1 id={`${prefix}-title`} className="ui header">
        {t(`${prefix}.title`)}
      </h1>
      <CrudTable
        label={t(`${prefix}.title`)}
        columns={columns}
        data={data}
        loading={isFetching}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
        emptyText={t('empty')}
        testId={`${prefix}-table`}
        toolbar={
          <>
            {!desks &&
              filter(
                `${prefix}-f-type`,
                t('field.type'),
                type,
                allTypes.map((n) => ({ value: n, text: typeName(n) })),
                setType,
              )}
            {filter(
              `${prefix}-f-location`,
              t('field.location'),
              locationId,
              (locations?.items ?? []).map((l) => ({ value: l.id, text: l.name })),
              (v) => {
                setLocationId(v);
                setFloorId('');
              },
            )}
            {filter(
              `${prefix}-f-floor`,
              t('field.floor'),
              floorId,
              (floors?.items ?? []).map((f) => ({ value: f.id, text: f.displayName })),
              setFloorId,
              !locationId,
            )}
            {can(`${perm}:add`) && (
              <Button
                primary
                icon="plus"
                content={t('add')}
                onClick={() => setForm({ id: null })}
                data-testid={`${prefix}-add`}
              />
            )}
          </>
        }
        actions={
          showActions
            ? (r) => (
                <>
                  {can(`${perm}:update`) && (
                    <RowButton
                      icon="edit"
                      label={`${t('edit')} ${r.name}`}
                      onClick={() => setForm({ id: r.id })}
                      testId="row-edit"
                    />
                  )}
                  {can(`${perm}:delete`) && (
                    <RowButton
                      icon="trash"
                      negative
                      label={`${t('delete')} ${r.name}`}
                      onClick={() => setDeleting(r)}
                      testId="row-delete"
                    />
                  )}
                </>
              )
            : undefined
        }
      />
      <ResourceForm
        open={form !== null}
        editId={form?.id ?? null}
        type={desks ? 1 : type === '' ? (types[0] ?? 0) : type}
        types={types}
        onClose={() => setForm(null)}
      />
      {deleteDialog}
    </section>
  );
}
