/** The directory sync runs, newest first, each with its report in a dialog; read again while one goes on. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { useAppDispatch } from '../../../../app/store.ts';
import { CrudScreen, RowButton } from '../../../../components/crud/index.ts';
import { formatTime } from '../../../../components/format.ts';
import { directoryRuns, inteApi, type RunView } from '../../api.ts';
import { RunReport } from './RunReport.tsx';
import { RunCounts, RunStateLabel } from './RunState.tsx';

const SAVE = 'integrations.apps.save' as const;

export function RunsTable() {
  const { t, i18n } = useTranslation('inte');
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState<number | null>(null);
  const l = i18n.language;
  // By name; a run started by an account since deleted keeps its number; null: the scheduler or the CLI.
  const by = (r: RunView) =>
    r.startedByName ?? (r.startedBy ? t('directory.user', { id: r.startedBy }) : t('directory.system'));
  return (
    <CrudScreen
      embedded
      name="directory-runs"
      title={t('directory.runs.title')}
      perm={{ add: SAVE, update: SAVE, delete: SAVE }}
      source={directoryRuns}
      pageSize={10}
      search={false}
      noAdd
      noEdit
      nameOf={(r) => formatTime(r.startedAt, l)}
      emptyText={t('directory.runs.empty')}
      pollEvery={(rows) => (rows.some((r) => r.state === 'running') ? 3000 : 0)}
      toolbar={
        <Button
          type="button"
          basic
          icon
          labelPosition="left"
          onClick={() => dispatch(inteApi.util.invalidateTags(['DirectoryRun']))}
          data-testid="directory-runs-refresh"
        >
          <Icon name="refresh" aria-hidden="true" />
          {t('directory.runs.refresh')}
        </Button>
      }
      columns={[
        { key: 'startedAt', header: t('directory.startedAt'), render: (r) => formatTime(r.startedAt, l) },
        { key: 'by', header: t('directory.by'), render: by },
        { key: 'mode', header: t('directory.mode'), render: (r) => t(`directory.modes.${r.mode}`) },
        {
          key: 'dryRun',
          header: t('directory.dryRun'),
          render: (r) => (r.dryRun ? t('directory.yes') : t('directory.no')),
        },
        { key: 'state', header: t('directory.state'), render: (r) => <RunStateLabel run={{ ...r, dryRun: false }} /> },
        { key: 'counts', header: t('directory.counts'), render: (r) => <RunCounts run={r} /> },
      ]}
      rowActions={(r) => (
        <RowButton
          icon="file alternate outline"
          label={`${t('directory.runs.report')} ${formatTime(r.startedAt, l)}`}
          onClick={() => setOpen(r.id)}
          testId="directory-run-report"
        />
      )}
    >
      {open !== null && <RunReport id={open} onClose={() => setOpen(null)} />}
    </CrudScreen>
  );
}
