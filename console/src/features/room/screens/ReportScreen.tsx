/**
 * /room/report: request a report (type, location, department, date range), follow its status, download it.
 * The department (R21.7) narrows bookings, no-shows and charges to its people and those below; utilisation counts
 * rooms, so it has none. It is offered to those who may read the department tree.
 */
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { downloadFile } from '../../../app/files.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { CrudScreen, type Values } from '../../../components/crud/index.ts';
import { formatTime, isoDate, keysOf } from '../../../components/format.ts';
import { StatusLabel, type Tone } from '../../../components/StatusLabel.tsx';
import { DepartmentPicker, useDepartmentChoices } from '../../sys/components/DepartmentPicker.tsx';
import { reports, type ReportType, type ReportView } from '../api.ts';
import { useLocationChoices } from '../components/choices.ts';
import '../i18n.ts';

const TYPES = keysOf<ReportType>({ bookings: true, utilisation: true, noShows: true, charges: true });
const TONES: Record<ReportView['status'], Tone> = {
  pending: 'grey',
  running: 'blue',
  done: 'green',
  empty: 'orange',
  tooLarge: 'orange',
  failed: 'red',
};
const DAY = 86_400_000;
/** The server's longest range. */
const MAX_DAYS = 366;

export default function ReportScreen() {
  const { t, i18n } = useTranslation('room');
  const dispatch = useAppDispatch();
  const locations = useLocationChoices();
  // null: the tree may not be read, and no department is offered.
  const departments = useDepartmentChoices();
  const locationName = (id: number | null) =>
    id ? (locations.find((l) => l.id === id)?.name ?? `#${id}`) : t('allPlaces');
  const nameOf = (r: ReportView) => `${t(`reportType.${r.type}`)} ${r.from} – ${r.to}`;
  const download = async (r: ReportView) => {
    await dispatch(downloadFile(`/room/reports/${r.id}/download`, `report-${r.id}.xlsx`));
  };
  return (
    <CrudScreen
      name="report"
      title={t('report.title')}
      perm="room:report"
      source={reports}
      noEdit
      search={false}
      // Read again every 2 s while a report is being made.
      pollEvery={(rows) => (rows.some((r) => r.status === 'pending' || r.status === 'running') ? 2000 : 0)}
      nameOf={nameOf}
      addLabel={t('report.request')}
      formTitle={() => t('report.request')}
      savedText={t('report.requested')}
      emptyText={t('report.empty')}
      columns={[
        { key: 'type', header: t('field.reportType'), render: (r) => t(`reportType.${r.type}`) },
        { key: 'location', header: t('field.location'), render: (r) => locationName(r.locationId) },
        {
          key: 'department',
          header: t('field.department'),
          render: (r) => <span data-testid="report-department">{r.department ?? t('allDepartments')}</span>,
        },
        { key: 'range', header: t('field.range'), render: (r) => `${r.from} – ${r.to}` },
        { key: 'creator', header: t('field.creator'), render: (r) => r.creator ?? '' },
        { key: 'created', header: t('field.createdAt'), render: (r) => formatTime(r.createdAt, i18n.language) },
        {
          key: 'status',
          header: t('field.status'),
          render: (r) => (
            <StatusLabel tone={TONES[r.status]} data-testid="report-status" data-status={r.status}>
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
                aria-label={`${t('download')} ${nameOf(r)}`}
                data-testid="report-download"
                onClick={() => void download(r)}
              />
            ) : (
              (r.error ?? '—')
            ),
        },
      ]}
      fields={[
        {
          name: 'type',
          label: t('field.reportType'),
          type: 'select',
          required: true,
          options: TYPES.map((k) => ({ value: k, text: t(`reportType.${k}`) })),
        },
        {
          name: 'locationId',
          label: t('field.location'),
          type: 'select',
          emptyText: t('allPlaces'),
          options: locations.map((l) => ({ value: l.id, text: l.name })),
        },
        ...(departments
          ? [
              {
                name: 'department',
                label: t('field.department'),
                type: 'custom' as const,
                render: (v: Values, set: (name: string, value: unknown) => void) => {
                  const utilisation = v.type === 'utilisation';
                  return (
                    <DepartmentPicker
                      id="report-department"
                      testId="report-department-picker"
                      label={t('field.department')}
                      departments={departments}
                      value={utilisation ? '' : String(v.department ?? '')}
                      onChange={(path) => set('department', path || null)}
                      emptyText={t('allDepartments')}
                      noResults={t('report.noDepartment')}
                      help={utilisation ? t('report.noDepartmentForUtilisation') : t('report.departmentHelp')}
                      disabled={utilisation}
                    />
                  );
                },
              },
            ]
          : []),
        { name: 'from', label: t('field.from'), type: 'date', required: true },
        {
          name: 'to',
          label: t('field.to'),
          type: 'date',
          required: true,
          validate: (to, v) => {
            const from = String(v.from ?? '');
            if (!from) return null;
            if (from === to) return t('form.notSameDay');
            if (from > String(to)) return t('form.endBeforeStart');
            return (Date.parse(String(to)) - Date.parse(from)) / DAY > MAX_DAYS ? t('form.atMostYear') : null;
          },
        },
      ]}
      toForm={() => ({
        type: 'bookings',
        locationId: null,
        department: null,
        from: isoDate(new Date(Date.now() - 7 * DAY)),
        to: isoDate(new Date()),
      })}
      toBody={(v) => ({
        type: v.type as ReportType,
        locationId: (v.locationId as number | null) || null,
        ...(v.type !== 'utilisation' && v.department ? { department: String(v.department) } : {}),
        from: String(v.from),
        to: String(v.to),
      })}
    />
  );
}
