/** /room/building: locations (sites, buildings) with their IANA time zone. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form } from 'semantic-ui-react';
import {
  CrudTable,
  FormModal,
  RowButton,
  errorFor,
  fieldErrorsOf,
  type Column,
  type FieldErrors,
} from '../../components/crud/index.ts';
import { useList, useRoomSaveMutation, type Location } from './api.ts';
import { useCan, useToast } from './common.tsx';
import { useConfirmedDelete } from './confirmed-delete.tsx';

const PATH = '/room/locations';

export function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [
    'Asia/Shanghai',
    'Asia/Tokyo',
    'Europe/London',
    'America/New_York',
    'UTC',
  ];
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

interface Draft {
  id: number | null;
  name: string;
  timeZone: string;
  address: string;
  sort: string;
}

export default function BuildingScreen() {
  const { t } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data, isFetching } = useList<Location>(PATH, { page, pageSize: 20, q: q || undefined });
  const [save, saving] = useRoomSaveMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ask: setDeleting, dialog: deleteDialog } = useConfirmedDelete<Location>(PATH, (l) => l.name);
  const zones = useMemo(() => timeZones().map((z) => ({ key: z, value: z, text: z })), []);

  const open = (l?: Location) => {
    setErrors({});
    setDraft(
      l
        ? { id: l.id, name: l.name, timeZone: l.timeZone, address: l.address ?? '', sort: String(l.sort) }
        : {
            id: null,
            name: '',
            timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
            address: '',
            sort: '0',
          },
    );
  };
  const submit = async () => {
    if (!draft) return;
    const local: FieldErrors = {};
    if (!draft.name.trim()) local.name = t('form.required');
    if (!draft.timeZone) local.timeZone = t('form.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    const r = await save({
      path: PATH,
      id: draft.id,
      body: {
        name: draft.name,
        timeZone: draft.timeZone,
        address: draft.address || null,
        sort: Number(draft.sort) || 0,
      },
    });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('saved'));
    setDraft(null);
  };
  const columns: Column<Location>[] = [
    { key: 'name', header: t('field.name'), render: (l) => l.name },
    { key: 'tz', header: t('field.timeZone'), render: (l) => l.timeZone },
    { key: 'address', header: t('field.address'), render: (l) => l.address ?? '' },
    { key: 'floors', header: t('field.floorCount'), render: (l) => l.floorCount },
    { key: 'sort', header: t('field.sort'), render: (l) => l.sort },
  ];
  const showActions = can('room:building:update') || can('room:building:delete');
  return (
    <section aria-labelledby="building-title">
      <h1 id="building-title" className="ui header">
        {t('building.title')}
      </h1>
      <CrudTable
        label={t('building.title')}
        columns={columns}
        data={data}
        loading={isFetching}
        rowKey={(l) => l.id}
        page={page}
        onPage={setPage}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
        emptyText={t('empty')}
        testId="building-table"
        toolbar={
          can('room:building:add') && (
            <Button primary icon="plus" content={t('add')} onClick={() => open()} data-testid="building-add" />
          )
        }
        actions={
          showActions
            ? (l) => (
                <>
                  {can('room:building:update') && (
                    <RowButton icon="edit" label={`${t('edit')} ${l.name}`} onClick={() => open(l)} testId="row-edit" />
                  )}
                  {can('room:building:delete') && (
                    <RowButton
                      icon="trash"
                      negative
                      label={`${t('delete')} ${l.name}`}
                      onClick={() => setDeleting(l)}
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
        title={draft?.id ? t('building.edit') : t('building.add')}
        onClose={() => setDraft(null)}
        onSubmit={() => void submit()}
        saving={saving.isLoading}
        errors={errors}
        testId="building-form"
      >
        {draft && (
          <>
            <Form.Input
              id="building-name"
              label={t('field.name')}
              required
              value={draft.name}
              error={errorFor(errors, 'name')}
              maxLength={100}
              onChange={(_, d) => setDraft({ ...draft, name: d.value })}
            />
            <Form.Field required error={Boolean(errors.timeZone)}>
              <label htmlFor="building-tz">{t('field.timeZone')}</label>
              <select
                id="building-tz"
                className="ui dropdown"
                value={draft.timeZone}
                onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}
              >
                {zones.map((z) => (
                  <option key={z.key} value={z.value}>
                    {z.text}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Input
              id="building-address"
              label={t('field.address')}
              value={draft.address}
              maxLength={300}
              error={errorFor(errors, 'address')}
              onChange={(_, d) => setDraft({ ...draft, address: d.value })}
            />
            <Form.Input
              id="building-sort"
              type="number"
              min={0}
              label={t('field.sort')}
              value={draft.sort}
              error={errorFor(errors, 'sort')}
              onChange={(_, d) => setDraft({ ...draft, sort: d.value })}
            />
          </>
        )}
      </FormModal>
      {deleteDialog}
    </section>
  );
}
