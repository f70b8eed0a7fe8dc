/** One run in a dialog: its state, counts and error, and its report (searchable, paged). */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Loader, Message, Modal } from 'semantic-ui-react';
import { formatTime } from '../../../../components/format.ts';
import { useDirectoryRunQuery, type RunDetail } from '../../api.ts';
import { ReportTable } from './ReportTable.tsx';
import { RunCounts, RunStateLabel } from './RunState.tsx';
import { useReturnFocus } from './useReturnFocus.ts';

const REPORT_LINES = 1000;

/** A finished run's summary and its lines (also under the panel's buttons after a preview or a sync). */
export function RunBody({ run, testId }: { run: RunDetail; testId: string }) {
  const { t } = useTranslation('inte');
  return (
    <>
      <div className="directory-summary">
        <RunStateLabel run={run} />
        <RunCounts run={run} all={run.dryRun} />
      </div>
      {run.error && <Message negative size="small" content={t('directory.report.error', { error: run.error })} />}
      {run.report.length >= REPORT_LINES && <p className="muted">{t('directory.report.truncated')}</p>}
      <ReportTable lines={run.report} testId={testId} />
    </>
  );
}

export function RunReport({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('inte');
  const { data, error } = useDirectoryRunQuery(id);
  const content = useRef<HTMLDivElement>(null);
  useReturnFocus(true);
  // Once the report is there, the keyboard starts in its search box.
  useEffect(() => {
    if (data) content.current?.querySelector<HTMLInputElement>('[data-testid="crud-search"]')?.focus();
  }, [Boolean(data)]);
  return (
    <Modal open size="large" onClose={onClose} aria-labelledby="directory-report-title" data-testid="directory-report">
      <Modal.Header as="h2" id="directory-report-title">
        {data
          ? t('directory.report.title', { time: formatTime(data.startedAt, i18n.language) })
          : t('directory.runs.report')}
      </Modal.Header>
      <Modal.Content scrolling>
        <div ref={content}>
          {data ? (
            <RunBody run={data} testId="directory-report-table" />
          ) : error ? (
            <Message negative content={(error as { msg?: string }).msg ?? ''} />
          ) : (
            <Loader active inline="centered" />
          )}
        </div>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose} data-testid="directory-report-close">
          {t('directory.report.close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
