/**
 * The wall screen's panels on /room/dashboard (core/modules/dashboard: GET/POST
 * /room/dashboard/panels, PUT/DELETE …/:id): a list, a form with every field
 * of the server's schema and delete after asking. Changing them needs
 * room:dashboard:save.
 */
import { useMemo, useRef, useState } from 'react';
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
import { useOptions, useRoomGetQuery, useRoomSaveMutation, type Floor, type Location } from './api.ts';
import { AuthedImage, useCan, usePictureUpload, useToast } from './common.tsx';
import { useConfirmedDelete } from './confirmed-delete.tsx';

const PATH = '/room/dashboard/panels';
const PAGE_SIZE = 10;
/** The server's bounds for the slideshow times (core/modules/dashboard/schema.ts). */
export const SLIDE_SECONDS = { min: 3, max: 3600, default: 10 } as const;

/** A panel as GET /room/dashboard/panels answers it. */
export interface PanelRow {
  id: number;
  name: string;
  locationId: number | null;
  floorId: number | null;
  logoUploadId: string | null;
  environmentSlideSeconds: number;
  bookingSlideSeconds: number;
}

export interface PanelDraft {
  id: number | null;
  name: string;
  locationId: number | null;
  floorId: number | null;
  logoUploadId: string | null;
  environmentSlideSeconds: string;
  bookingSlideSeconds: string;
}

type Translate = (k: string, o?: Record<string, unknown>) => string;

/** Whether a typed slideshow time is a whole number the server takes. */
export function validSeconds(v: string): boolean {
  const s = v.trim();
  return /^\d+$/.test(s) && Number(s) >= SLIDE_SECONDS.min && Number(s) <= SLIDE_SECONDS.max;
}

/** The checks of the server's Panel schema, made before sending. */
function validate(d: PanelDraft, t: Translate): FieldErrors {
  const e: FieldErrors = {};
  if (!d.name.trim()) e.name = t('form.required');
  if (!d.locationId && !d.floorId) e.locationId = t('dashboard.panelEditor.placeRequired');
  for (const k of ['environmentSlideSeconds', 'bookingSlideSeconds'] as const) {
    if (!validSeconds(d[k]))
      e[k] = t('dashboard.panelEditor.seconds', { min: SLIDE_SECONDS.min, max: SLIDE_SECONDS.max });
  }
  return e;
}

const bodyOf = (d: PanelDraft) => ({
  name: d.name.trim(),
  locationId: d.locationId,
  floorId: d.floorId,
  logoUploadId: d.logoUploadId,
  environmentSlideSeconds: Number(d.environmentSlideSeconds.trim()),
  bookingSlideSeconds: Number(d.bookingSlideSeconds.trim()),
});

export function DashboardPanelEditor() {
  const { t } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const mayChange = can('room:dashboard:save');
  const { data, isFetching } = useRoomGetQuery(PATH);
  const panels = useMemo(() => (Array.isArray(data) ? (data as PanelRow[]) : []), [data]);
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const { data: locations } = useOptions<Location>('/room/locations', {});
  const { data: allFloors } = useOptions<Floor>('/room/floors', {});
  const [draft, setDraft] = useState<PanelDraft | null>(null);
  const { data: floors } = useOptions<Floor>(
    '/room/floors',
    { locationId: draft?.locationId ?? undefined },
    !draft?.locationId,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [save, saving] = useRoomSaveMutation();
  const { ask: setDeleting, dialog: deleteDialog } = useConfirmedDelete<PanelRow>(PATH, (p) => p.name);
  const { uploading: uploadingType, upload: uploadPicture } = usePictureUpload();
  const uploading = uploadingType !== null;
  const logoRef = useRef<HTMLInputElement>(null);
  const tp = (k: string, o?: Record<string, unknown>) => t(`dashboard.panelEditor.${k}`, o);

  const locationName = (id: number | null) => (id ? (locations?.items.find((l) => l.id === id)?.name ?? `#${id}`) : '');
  const floorOf = (id: number | null) => (id ? allFloors?.items.find((f) => f.id === id) : undefined);
  const floorName = (id: number | null) => (id ? (floorOf(id)?.displayName ?? `#${id}`) : tp('wholeLocation'));

  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return needle ? panels.filter((p) => p.name.toLowerCase().includes(needle)) : panels;
  }, [panels, q]);
  const lastPage = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const pageData = {
    items: shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE),
    total: shown.length,
    page: current,
    pageSize: PAGE_SIZE,
  };

  const open = (p?: PanelRow) => {
    setErrors({});
    if (logoRef.current) logoRef.current.value = '';
    setDraft(
      p
        ? {
            id: p.id,
            name: p.name,
            locationId: p.locationId ?? floorOf(p.floorId)?.locationId ?? null,
            floorId: p.floorId,
            logoUploadId: p.logoUploadId,
            environmentSlideSeconds: String(p.environmentSlideSeconds),
            bookingSlideSeconds: String(p.bookingSlideSeconds),
          }
        : {
            id: null,
            name: '',
            locationId: null,
            floorId: null,
            logoUploadId: null,
            environmentSlideSeconds: String(SLIDE_SECONDS.default),
            bookingSlideSeconds: String(SLIDE_SECONDS.default),
          },
    );
  };
  const set = <K extends keyof PanelDraft>(k: K, v: PanelDraft[K]) => setDraft((d) => (d ? { ...d, [k]: v } : d));

  const uploadLogo = async () => {
    const id = await uploadPicture(logoRef.current, 'logo');
    if (!id) return;
    set('logoUploadId', id);
    if (logoRef.current) logoRef.current.value = '';
  };

  const submit = async () => {
    if (!draft) return;
    const local = validate(draft, t);
    setErrors(local);
    if (Object.keys(local).length) return;
    const r = await save({ path: PATH, id: draft.id, body: bodyOf(draft) });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('saved'));
    setDraft(null);
  };

  const columns: Column<PanelRow>[] = [
    { key: 'name', header: t('field.name'), render: (p) => p.name },
    {
      key: 'location',
      header: t('field.location'),
      render: (p) => locationName(p.locationId ?? floorOf(p.floorId)?.locationId ?? null),
    },
    { key: 'floor', header: t('field.floor'), render: (p) => floorName(p.floorId) },
    {
      key: 'slides',
      header: tp('slides'),
      render: (p) => tp('slidesValue', { environment: p.environmentSlideSeconds, booking: p.bookingSlideSeconds }),
    },
    {
      key: 'logo',
      header: tp('logo'),
      render: (p) =>
        p.logoUploadId ? (
          <AuthedImage
            path={`/upload/${p.logoUploadId}`}
            alt={tp('logoOf', { name: p.name })}
            style={{ maxWidth: 64, maxHeight: 32 }}
          />
        ) : (
          t('none')
        ),
    },
  ];
  const seconds = (k: 'environmentSlideSeconds' | 'bookingSlideSeconds', id: string) =>
    draft && (
      <Form.Input
        id={id}
        type="number"
        required
        min={SLIDE_SECONDS.min}
        max={SLIDE_SECONDS.max}
        step={1}
        label={tp(k)}
        value={draft[k]}
        error={errorFor(errors, k)}
        aria-describedby="panel-seconds-hint"
        onChange={(_, d) => set(k, d.value)}
      />
    );
  return (
    <section aria-labelledby="panel-editor-title" data-testid="panel-editor" style={{ marginTop: '2em' }}>
      <h2 id="panel-editor-title" className="ui header">
        {tp('title')}
      </h2>
      <p className="muted">{tp('intro')}</p>
      <CrudTable
        label={tp('title')}
        columns={columns}
        data={data === undefined ? undefined : pageData}
        loading={isFetching}
        rowKey={(p) => p.id}
        page={current}
        onPage={setPage}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
        emptyText={tp('empty')}
        testId="panel-table"
        toolbar={
          mayChange && <Button primary icon="plus" content={tp('add')} onClick={() => open()} data-testid="panel-add" />
        }
        actions={
          mayChange
            ? (p) => (
                <>
                  <RowButton icon="edit" label={`${t('edit')} ${p.name}`} onClick={() => open(p)} testId="row-edit" />
                  <RowButton
                    icon="trash"
                    negative
                    label={`${t('delete')} ${p.name}`}
                    onClick={() => setDeleting(p)}
                    testId="row-delete"
                  />
                </>
              )
            : undefined
        }
      />
      <FormModal
        open={draft !== null}
        title={draft?.id ? tp('edit') : tp('add')}
        onClose={() => setDraft(null)}
        onSubmit={() => void submit()}
        saving={saving.isLoading}
        errors={errors}
        testId="panel-form"
      >
        {draft && (
          <>
            <Form.Input
              id="panel-name"
              label={t('field.name')}
              required
              maxLength={100}
              value={draft.name}
              error={errorFor(errors, 'name')}
              onChange={(_, d) => set('name', d.value)}
            />
            <Form.Group widths="equal">
              <Form.Field required error={Boolean(errors.locationId)}>
                <label htmlFor="panel-location">{t('field.location')}</label>
                <select
                  id="panel-location"
                  className="ui dropdown"
                  value={draft.locationId ?? ''}
                  aria-invalid={Boolean(errors.locationId)}
                  aria-describedby={errors.locationId ? 'panel-location-err' : undefined}
                  onChange={(e) =>
                    setDraft({ ...draft, locationId: e.target.value ? Number(e.target.value) : null, floorId: null })
                  }
                >
                  <option value="">{t('choose')}</option>
                  {locations?.items.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
                {errors.locationId && (
                  <div id="panel-location-err" className="ui pointing above prompt label" role="alert">
                    {errors.locationId}
                  </div>
                )}
              </Form.Field>
              <Form.Field error={Boolean(errors.floorId)}>
                <label htmlFor="panel-floor">{t('field.floor')}</label>
                <select
                  id="panel-floor"
                  className="ui dropdown"
                  value={draft.floorId ?? ''}
                  disabled={!draft.locationId}
                  onChange={(e) => set('floorId', e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">{tp('wholeLocation')}</option>
                  {floors?.items.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.displayName}
                    </option>
                  ))}
                </select>
                {errors.floorId && (
                  <div className="ui pointing above prompt label" role="alert">
                    {errors.floorId}
                  </div>
                )}
              </Form.Field>
            </Form.Group>
            <Form.Group widths="equal">
              {seconds('environmentSlideSeconds', 'panel-env-seconds')}
              {seconds('bookingSlideSeconds', 'panel-booking-seconds')}
            </Form.Group>
            <p id="panel-seconds-hint" className="muted">
              {tp('secondsHint', { min: SLIDE_SECONDS.min, max: SLIDE_SECONDS.max })}
            </p>
            <Form.Group>
              <Form.Field>
                <label htmlFor="panel-logo-file">{tp('logo')}</label>
                <input
                  id="panel-logo-file"
                  ref={logoRef}
                  type="file"
                  accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                  aria-describedby="panel-logo-hint"
                />
                <small id="panel-logo-hint" className="muted">
                  {t('upload.hint')}
                </small>
              </Form.Field>
              <Form.Field style={{ alignSelf: 'flex-end' }}>
                <Button
                  type="button"
                  icon="upload"
                  content={t('upload.button')}
                  aria-label={`${t('upload.button')}: ${tp('logo')}`}
                  loading={uploading}
                  disabled={uploading}
                  onClick={() => void uploadLogo()}
                  data-testid="panel-logo-upload"
                />
              </Form.Field>
            </Form.Group>
            {draft.logoUploadId && (
              <div style={{ display: 'flex', alignItems: 'center', gap: '0.5em' }}>
                <AuthedImage
                  path={`/upload/${draft.logoUploadId}`}
                  alt={tp('logoOf', { name: draft.name || tp('logo') })}
                  style={{ maxWidth: 160, maxHeight: 60 }}
                  testId="panel-logo-preview"
                />
                <Button
                  type="button"
                  size="small"
                  basic
                  icon="close"
                  content={tp('removeLogo')}
                  onClick={() => set('logoUploadId', null)}
                />
              </div>
            )}
          </>
        )}
      </FormModal>
      {deleteDialog}
    </section>
  );
}
