/**
 * The directory sync (R21): the last run at a glance, a preview that changes nothing, a sync now, and the
 * mass-disable guard's confirmation. Those who may only look see why the buttons are off.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Message, Segment } from 'semantic-ui-react';
import { useCan } from '../../../../app/hooks.ts';
import { formatTime } from '../../../../components/format.ts';
import { useDirectoryRunsQuery } from '../../api.ts';
import { ConfirmDisable } from './ConfirmDisable.tsx';
import { RunBody } from './RunReport.tsx';
import { RunCounts, RunStateLabel } from './RunState.tsx';
import { useDirectorySync } from './useDirectorySync.ts';

/** How often the last run is read again while one is going on. */
const POLL_MS = 3000;

function LastRun() {
  const { t, i18n } = useTranslation('inte');
  const { data } = useDirectoryRunsQuery({ page: 1, pageSize: 1 });
  const last = data?.items[0];
  const running = last?.state === 'running';
  // Polls only while a run (the scheduler's, another administrator's) goes on.
  useDirectoryRunsQuery({ page: 1, pageSize: 1 }, { pollingInterval: running ? POLL_MS : 0, skip: !running });
  if (!data) return null;
  return (
    <div data-testid="directory-last-run">
      <h3 className="ui small header">{t('directory.lastRun')}</h3>
      {last ? (
        <div className="directory-summary">
          <RunStateLabel run={last} />
          <span>{formatTime(last.startedAt, i18n.language)}</span>
          <span>{t(`directory.modes.${last.mode}`)}</span>
          <RunCounts run={last} />
        </div>
      ) : (
        <p>{t('directory.never')}</p>
      )}
    </div>
  );
}

export function SyncPanel() {
  const { t } = useTranslation('inte');
  const can = useCan();
  const canSync = can('integrations.apps.save');
  const sync = useDirectorySync();
  const { data } = useDirectoryRunsQuery({ page: 1, pageSize: 1 });
  const running = data?.items[0]?.state === 'running';
  // Not disabled while its own call goes on (the focus would be lost): the click is ignored instead.
  const off = !canSync || running;
  const why = !canSync ? t('directory.noPermission') : running ? t('directory.busy') : null;
  const result = sync.result;
  const buttons = useRef<HTMLDivElement>(null);
  const unlessBusy = (go: () => Promise<void>) => () => {
    if (!sync.busy) void go();
  };
  const headline = !result
    ? ''
    : result.state === 'failed'
      ? t('directory.failedResult')
      : result.state === 'needsConfirmation'
        ? t('directory.stopped')
        : result.dryRun
          ? t('directory.previewResult')
          : t('directory.syncResult');
  return (
    <Segment as="section" aria-labelledby="directory-title" data-testid="directory-panel">
      <h2 id="directory-title" className="ui header">
        {t('directory.title')}
      </h2>
      <p className="muted">{t('directory.intro')}</p>
      <LastRun />
      <div style={{ marginTop: '1em' }} ref={buttons}>
        <Button
          type="button"
          basic
          icon
          labelPosition="left"
          disabled={off}
          loading={sync.busy && sync.asked === 'preview'}
          aria-describedby={why ? 'directory-why' : undefined}
          aria-busy={sync.busy}
          onClick={unlessBusy(sync.preview)}
          data-testid="directory-preview"
        >
          <Icon name="eye" aria-hidden="true" />
          {t('directory.preview')}
        </Button>
        <Button
          type="button"
          primary
          icon
          labelPosition="left"
          disabled={off}
          loading={sync.busy && sync.asked === 'sync'}
          aria-describedby={why ? 'directory-why' : undefined}
          aria-busy={sync.busy}
          onClick={unlessBusy(sync.sync)}
          data-testid="directory-sync"
        >
          <Icon name="sync" aria-hidden="true" />
          {t('directory.syncNow')}
        </Button>
        <Button
          type="button"
          basic
          icon
          labelPosition="left"
          disabled={off}
          loading={sync.busy && sync.asked === 'incremental'}
          aria-describedby={why ? 'directory-why directory-incremental-help' : 'directory-incremental-help'}
          aria-busy={sync.busy}
          onClick={unlessBusy(sync.incremental)}
          data-testid="directory-incremental"
        >
          <Icon name="history" aria-hidden="true" />
          {t('directory.syncChanges')}
        </Button>
        <p
          id="directory-incremental-help"
          className="muted"
          data-testid="directory-incremental-help"
          style={{ marginTop: '.5em' }}
        >
          {t('directory.syncChangesHelp')}
        </p>
        {why && (
          <p id="directory-why" className="muted" data-testid="directory-why" style={{ marginTop: '.5em' }}>
            <Icon name="info circle" aria-hidden="true" />
            {why}
          </p>
        )}
      </div>
      {sync.problem && (
        <Message warning role="alert" data-testid="directory-problem">
          <Icon name="warning sign" aria-hidden="true" />
          {sync.problem}
        </Message>
      )}
      {result && !sync.busy && (
        <section aria-labelledby="directory-result-title" data-testid="directory-result" style={{ marginTop: '1em' }}>
          <h3 id="directory-result-title" className="ui small header">
            {headline}
          </h3>
          <RunBody run={result} testId="directory-result-table" />
        </section>
      )}
      {/* Told to screen readers when a preview or a sync answers (the table itself is not read out). */}
      <p className="directory-sr-only" role="status" data-testid="directory-announce">
        {result && !sync.busy ? headline : ''}
      </p>
      <ConfirmDisable
        run={sync.asking}
        busy={sync.busy}
        onCancel={sync.cancel}
        onConfirm={unlessBusy(sync.confirm)}
        returnTo={() => buttons.current?.querySelector<HTMLElement>('[data-testid="directory-sync"]')}
      />
    </Segment>
  );
}
