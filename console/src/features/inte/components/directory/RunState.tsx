/** A run's state (text, icon and colour together, never colour alone) and its counts, in the wording of a preview or of a run. */
import { useTranslation } from 'react-i18next';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import { StatusLabel, type Tone } from '../../../../components/StatusLabel.tsx';
import type { RunView } from '../../api.ts';

type State = RunView['state'];

const LOOK: Record<State, { tone: Tone; icon: SemanticICONS }> = {
  running: { tone: 'blue', icon: 'sync' },
  done: { tone: 'green', icon: 'check circle' },
  failed: { tone: 'red', icon: 'times circle' },
  needsConfirmation: { tone: 'orange', icon: 'exclamation triangle' },
};

const ORDER: Array<keyof RunView['counts']> = [
  'listed',
  'created',
  'linked',
  'updated',
  'disabled',
  'skipped',
  'bookingsCancelled',
  'bookingsHandedOver',
  'regrouped',
];

/** Whether a run changed nothing (a preview, or a run stopped for confirmation): its counts say "to create". */
export const changedNothing = (run: Pick<RunView, 'dryRun' | 'state'>) =>
  run.dryRun || run.state === 'needsConfirmation';

export function RunStateLabel({ run }: { run: Pick<RunView, 'state' | 'dryRun'> }) {
  const { t } = useTranslation('inte');
  const look = LOOK[run.state];
  const text = t(`directory.states.${run.state}`);
  return (
    <StatusLabel tone={look.tone} data-testid="directory-run-state" data-state={run.state}>
      <Icon name={look.icon} loading={run.state === 'running'} aria-hidden="true" />
      {run.dryRun ? t('directory.previewRun', { state: text }) : text}
    </StatusLabel>
  );
}

/**
 * The counts of a run: every count that is not zero (the people listed always). `all` shows the zeros too
 * (a preview's "0 to disable" is news).
 */
export function RunCounts({ run, all = false }: { run: Pick<RunView, 'counts' | 'dryRun' | 'state'>; all?: boolean }) {
  const { t } = useTranslation('inte');
  const prefix = changedNothing(run) ? 'directory.would' : 'directory.count';
  // Runs kept before the group mapping and the hand-over have no `regrouped` or `bookingsHandedOver`.
  const counts: Partial<RunView['counts']> = run.counts;
  const shown = ORDER.filter((k) => counts[k] !== undefined && (all || k === 'listed' || counts[k] > 0));
  return (
    <ul className="directory-counts" data-testid="directory-counts">
      {shown.map((k) => (
        <li key={k} data-count={k}>
          {t(`${prefix}.${k}`, { count: counts[k] })}
        </li>
      ))}
    </ul>
  );
}
