/** /room/level: floors with their plan, pad and grid icons and order; the plan with its rooms and desks. */
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Loader } from 'semantic-ui-react';
import {
  CrudTable,
  FormModal,
  RowButton,
  errorFor,
  fieldErrorsOf,
  type Column,
  type FieldErrors,
} from '../../components/crud/index.ts';
import { useList, useOptions, useRoomSaveMutation, type Floor, type Location } from './api.ts';
import { AuthedImage, useCan, usePictureUpload, useToast } from './common.tsx';
import { useConfirmedDelete } from './confirmed-delete.tsx';

const FloorPlan = lazy(() => import('./FloorPlan.tsx').then((m) => ({ default: m.FloorPlan })));
const PATH = '/room/floors';
type Slot = 'planUploadId' | 'padIconUploadId' | 'gridIconUploadId';
const UPLOAD_TYPE: Record<Slot, 'floorPlan' | 'padIcon' | 'gridIcon'> = {
  planUploadId: 'floorPlan',
  padIconUploadId: 'padIcon',
  gridIconUploadId: 'gridIcon',
};

interface Draft {
  id: number | null;
  locationId: number | null;
  name: string;
  displayName: string;
  sort: string;
  planUploadId: string | null;
  padIconUploadId: string | null;
  gridIconUploadId: string | null;
}

export default function LevelScreen() {
  const { t } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [locationId, setLocationId] = useState<number | ''>('');
  const { data, isFetching } = useList<Floor>(PATH, {
    page,
    pageSize: 20,
    q: q || undefined,
    locationId: locationId || undefined,
  });
  const { data: locations } = useOptions<Location>('/room/locations', {});
  const [save, saving] = useRoomSaveMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ask: setDeleting, dialog: deleteDialog } = useConfirmedDelete<Floor>(
    PATH,
    (f) => f.name,
    (f) => {
      if (planOf === f.id) setPlanOf(null);
    },
  );
  const [planOf, setPlanOf] = useState<number | null>(null);
  const { uploading, upload: uploadPicture } = usePictureUpload();
  const files = {
    planUploadId: useRef<HTMLInputElement>(null),
    padIconUploadId: useRef<HTMLInputElement>(null),
    gridIconUploadId: useRef<HTMLInputElement>(null),
  };
  const shownFloor = data?.items.find((f) => f.id === planOf) ?? null;
  const locationName = (id: number) => locations?.items.find((l) => l.id === id)?.name ?? `#${id}`;

  const open = (f?: Floor) => {
    setErrors({});
    setDraft(
      f
        ? {
            id: f.id,
            locationId: f.locationId,
            name: f.name,
            displayName: f.displayName,
            sort: String(f.sort),
            planUploadId: f.planUploadId,
            padIconUploadId: f.padIconUploadId,
            gridIconUploadId: f.gridIconUploadId,
          }
        : {
            id: null,
            locationId: locationId || null,
            name: '',
            displayName: '',
            sort: '0',
            planUploadId: null,
            padIconUploadId: null,
            gridIconUploadId: null,
          },
    );
  };
  const upload = async (slot: Slot) => {
    if (!draft) return;
    const id = await uploadPicture(files[slot].current, UPLOAD_TYPE[slot], slot);
    if (!id) return;
    setDraft((d) => (d ? { ...d, [slot]: id } : d));
    toast('success', t('upload.done'));
  };
  const submit = async () => {
    if (!draft) return;
    const local: FieldErrors = {};
    if (!draft.locationId) local.locationId = t('form.required');
    if (!draft.name.trim()) local.name = t('form.required');
    setErrors(local);
    if (Object.keys(local).length) return;
    const { id, sort, displayName, ...rest } = draft;
    const r = await save({
      path: PATH,
      id,
      body: { ...rest, displayName: displayName.trim() || undefined, sort: Number(sort) || 0 },
    });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('saved'));
    setDraft(null);
  };
  const columns: Column<Floor>[] = [
    { key: 'name', header: t('field.name'), render: (f) => f.name },
    { key: 'display', header: t('field.displayName'), render: (f) => f.displayName },
    { key: 'location', header: t('field.location'), render: (f) => locationName(f.locationId) },
    { key: 'plan', header: t('field.plan'), render: (f) => (f.planUploadId ? t('yes') : t('no')) },
    { key: 'sort', header: t('field.sort'), render: (f) => f.sort },
  ];
  const uploadField = (slot: Slot, label: string) =>
    draft && (
      <Form.Group key={slot}>
        <Form.Field width={10}>
          <label htmlFor={`floor-${slot}`}>{label}</label>
          <input
            id={`floor-${slot}`}
            ref={files[slot]}
            type="file"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            aria-describedby="floor-upload-hint"
          />
        </Form.Field>
        <Form.Field width={3} style={{ alignSelf: 'flex-end' }}>
          <Button
            type="button"
            icon="upload"
            content={t('upload.button')}
            aria-label={`${t('upload.button')}: ${label}`}
            loading={uploading === slot}
            disabled={uploading !== null}
            onClick={() => void upload(slot)}
            data-testid={`upload-${slot}`}
          />
        </Form.Field>
        <Form.Field width={3}>
          {draft[slot] && (
            <AuthedImage
              path={`/upload/${draft[slot]}`}
              alt={label}
              style={{ maxWidth: 80, maxHeight: 60 }}
              testId={`preview-${slot}`}
            />
          )}
        </Form.Field>
      </Form.Group>
    );
  const showActions = can('room:level:update') || can('room:level:delete');
  return (
    <section aria-labelledby="level-title">
      <h1 id="level-title" className="ui header">
        {t('level.title')}
      </h1>
      <CrudTable
        label={t('level.title')}
        columns={columns}
        data={data}
        loading={isFetching}
        rowKey={(f) => f.id}
        page={page}
        onPage={setPage}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
        emptyText={t('empty')}
        testId="level-table"
        toolbar={
          <>
            <div className="field" style={{ display: 'flex', flexDirection: 'column' }}>
              <label htmlFor="level-f-location" style={{ fontSize: '0.85em' }}>
                {t('field.location')}
              </label>
              <select
                id="level-f-location"
                className="ui dropdown"
                value={locationId}
                onChange={(e) => {
                  setLocationId(e.target.value ? Number(e.target.value) : '');
                  setPage(1);
                }}
              >
                <option value="">{t('all')}</option>
                {locations?.items.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </div>
            {can('room:level:add') && (
              <Button primary icon="plus" content={t('add')} onClick={() => open()} data-testid="level-add" />
            )}
          </>
        }
        actions={(f) => (
          <>
            <RowButton
              icon="map outline"
              label={`${t('plan.show')} ${f.displayName}`}
              onClick={() => setPlanOf(planOf === f.id ? null : f.id)}
              testId="row-plan"
            />
            {showActions && can('room:level:update') && (
              <RowButton icon="edit" label={`${t('edit')} ${f.name}`} onClick={() => open(f)} testId="row-edit" />
            )}
            {showActions && can('room:level:delete') && (
              <RowButton
                icon="trash"
                negative
                label={`${t('delete')} ${f.name}`}
                onClick={() => setDeleting(f)}
                testId="row-delete"
              />
            )}
          </>
        )}
      />
      {shownFloor && (
        <Suspense fallback={<Loader active inline="centered" />}>
          <FloorPlan key={`${shownFloor.id}-${shownFloor.planUploadId}`} floor={shownFloor} />
        </Suspense>
      )}
      <FormModal
        open={draft !== null}
        title={draft?.id ? t('level.edit') : t('level.add')}
        onClose={() => setDraft(null)}
        onSubmit={() => void submit()}
        saving={saving.isLoading}
        errors={errors}
        testId="level-form"
      >
        {draft && (
          <>
            <Form.Field required error={Boolean(errors.locationId)}>
              <label htmlFor="floor-location">{t('field.location')}</label>
              <select
                id="floor-location"
                className="ui dropdown"
                value={draft.locationId ?? ''}
                onChange={(e) => setDraft({ ...draft, locationId: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">{t('choose')}</option>
                {locations?.items.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
              {errors.locationId && (
                <div className="ui pointing above prompt label" role="alert">
                  {errors.locationId}
                </div>
              )}
            </Form.Field>
            <Form.Input
              id="floor-name"
              label={t('field.name')}
              required
              maxLength={100}
              value={draft.name}
              error={errorFor(errors, 'name')}
              onChange={(_, d) => setDraft({ ...draft, name: d.value })}
            />
            <Form.Input
              id="floor-display"
              label={t('field.displayName')}
              maxLength={100}
              value={draft.displayName}
              placeholder={draft.name}
              error={errorFor(errors, 'displayName')}
              onChange={(_, d) => setDraft({ ...draft, displayName: d.value })}
            />
            <Form.Input
              id="floor-sort"
              type="number"
              min={0}
              label={t('field.sort')}
              value={draft.sort}
              error={errorFor(errors, 'sort')}
              onChange={(_, d) => setDraft({ ...draft, sort: d.value })}
            />
            <p id="floor-upload-hint" className="muted">
              {t('upload.planHint')}
            </p>
            {uploadField('planUploadId', t('field.plan'))}
            {uploadField('padIconUploadId', t('field.padIcon'))}
            {uploadField('gridIconUploadId', t('field.gridIcon'))}
          </>
        )}
      </FormModal>
      {deleteDialog}
    </section>
  );
}
