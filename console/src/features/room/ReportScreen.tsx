/** /room/report: request a report (type, location, date range), follow its status, download it. */
import { useState } from 'react';
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
import { downloadFile, useList, useOptions, useRoomSaveMutation, type Location, type Report } from './api.ts';
import { formatTime, isoDate, StatusLabel, useCan, useToast, type Tone } from './common.tsx';
import { useConfirmedDelete } from './confirmed-delete.tsx';

const PATH = '/room/reports';
const TYPES = ['bookings', 'utilisation', 'noShows', 'charges'];
const BUSY = ['pending', 'running'];
const COLORS: Record<string, Tone> = {
  pending: 'grey',
  running: 'blue',
  done: 'green',
  empty: 'orange',
  tooLarge: 'orange',
  failed: 'red',
};

export default function ReportScreen() {
  const { t, i18n } = useTranslation('room');
  const can = useCan();
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  // Re-read every 2 s while some report is pending or running.
  const { data, isFetching } = useList<Report>(PATH, { page, pageSize: 20 }, false, busy ? 2000 : 0);
  const nowBusy = (data?.items ?? []).some((r) => BUSY.includes(r.status));
  if (nowBusy !== busy) setBusy(nowBusy);
  const { data: locations } = useOptions<Location>('/room/locations', {});
  const [save, saving] = useRoomSaveMutation();
  const today = new Date();
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const [draft, setDraft] = useState<{ type: string; locationId: number | null; from: string; to: string } | null>(
    null,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const { ask: setDeleting, dialog: deleteDialog } = useConfirmedDelete<Report>(
    PATH,
    (r) => `${t(`reportType.${r.type}`)} ${r.from} – ${r.to}`,
  );

  const submit = async () => {
    if (!draft) return;
    const local: FieldErrors = {};
    if (!draft.from) local.from = t('form.required');
    if (!draft.to) local.to = t('form.required');
    if (draft.from && draft.to && draft.from === draft.to) local.to = t('form.notSameDay');
    else if (draft.from && draft.to && draft.from > draft.to) local.to = t('form.endBeforeStart');
    setErrors(local);
    if (Object.keys(local).length) return;
    const r = await save({ path: PATH, body: draft });
    if ('error' in r) return setErrors(fieldErrorsOf(r.error));
    toast('success', t('report.requested'));
    setDraft(null);
  };
  const locationName = (id: number | null) =>
    id ? (locations?.items.find((l) => l.id === id)?.name ?? `#${id}`) : t('allPlaces');
  const columns: Column<Report>[] = [
    { key: 'type', header: t('field.reportType'), render: (r) => t(`reportType.${r.type}`) },
    { key: 'location', header: t('field.location'), render: (r) => locationName(r.locationId) },
    { key: 'range', header: t('field.range'), render: (r) => `${r.from} – ${r.to}` },
    { key: 'creator', header: t('field.creator'), render: (r) => r.creator ?? '' },
    { key: 'created', header: t('field.createdAt'), render: (r) => formatTime(r.createdAt, i18n.language) },
    {
      key: 'status',
      header: t('field.status'),
      render: (r) => (
        <StatusLabel tone={COLORS[r.status] ?? 'grey'} data-testid="report-status" data-status={r.status}>
          {t(`reportStatus.${r.status}`)}
        </StatusLabel>
      ),
    },
    {
      key: 'download',
      header: t('field.download'),
      render: (r) =>
        r.status === 'done' && r.downloadUrl ? (
          <Button
            size="mini"
            icon="download"
            content={t('download')}
            aria-label={`${t('download')} ${t(`reportType.${r.type}`)} ${r.from} – ${r.to}`}
            data-testid="report-download"
            onClick={async () => {
              if (!(await downloadFile(`${PATH}/${r.id}/download`, `report-${r.id}.xlsx`)))
                toast('error', t('downloadFailed'));
            }}
          />
        ) : (
          (r.error ?? '—')
        ),
    },
  ];
  return (
    <section aria-labelledby="report-title">
      <h1 id="report-title" className="ui header">
        {t('report.title')}
      </h1>
      <CrudTable
        label={t('report.title')}
        columns={columns}
        data={data}
        loading={isFetching && !data}
        rowKey={(r) => r.id}
        page={page}
        onPage={setPage}
        emptyText={t('report.empty')}
        testId="report-table"
        toolbar={
          can('room:report:add') && (
            <Button
              primary
              icon="plus"
              content={t('report.request')}
              data-testid="report-add"
              onClick={() => {
                setErrors({});
                setDraft({ type: 'bookings', locationId: null, from: isoDate(weekAgo), to: isoDate(today) });
              }}
            />
          )
        }
        actions={
          can('room:report:delete')
            ? (r) => (
                <RowButton
                  icon="trash"
                  negative
                  label={`${t('delete')} ${t(`reportType.${r.type}`)} ${r.from}`}
                  onClick={() => setDeleting(r)}
                  testId="row-delete"
                />
              )
            : undefined
        }
      />
      <FormModal
        open={draft !== null}
        title={t('report.request')}
        onClose={() => setDraft(null)}
        onSubmit={() => void submit()}
        saving={saving.isLoading}
        errors={errors}
        testId="report-form"
      >
        {draft && (
          <>
            <Form.Field>
              <label htmlFor="report-type">{t('field.reportType')}</label>
              <select
                id="report-type"
                className="ui dropdown"
                value={draft.type}
                onChange={(e) => setDraft({ ...draft, type: e.target.value })}
              >
                {TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`reportType.${k}`)}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Field>
              <label htmlFor="report-location">{t('field.location')}</label>
              <select
                id="report-location"
                className="ui dropdown"
                value={draft.locationId ?? ''}
                onChange={(e) => setDraft({ ...draft, locationId: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">{t('allPlaces')}</option>
                {locations?.items.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </Form.Field>
            <Form.Group widths="equal">
              <Form.Input
                id="report-from"
                type="date"
                label={t('field.from')}
                required
                value={draft.from}
                error={errorFor(errors, 'from')}
                onChange={(_, d) => setDraft({ ...draft, from: d.value })}
              />
              <Form.Input
                id="report-to"
                type="date"
                label={t('field.to')}
                required
                value={draft.to}
                error={errorFor(errors, 'to')}
                onChange={(_, d) => setDraft({ ...draft, to: d.value })}
              />
            </Form.Group>
          </>
        )}
      </FormModal>
      {deleteDialog}
    </section>
  );
}
