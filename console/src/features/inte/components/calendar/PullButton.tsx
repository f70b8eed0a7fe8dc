/**
 * "Read calendars now" (POST /inte/event/pull): reads the mirrored rooms' calendars at once instead of waiting for
 * the job (every 30 s), and tells what it found in a status region. Off, with the reason, without the right.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import type { ApiError } from '../../../../app/api.ts';
import { useCan } from '../../../../app/hooks.ts';
import { usePullCalendarsMutation, type PullResult } from '../../api.ts';
import { SAVE } from './permissions.ts';

const COUNTS: Array<Exclude<keyof PullResult, 'read'>> = ['events', 'booked', 'declined', 'cancelled', 'unchanged'];

export function PullButton() {
  const { t } = useTranslation('inte');
  const can = useCan();
  const canSave = can(SAVE);
  const [pull, pulling] = usePullCalendarsMutation();
  const [result, setResult] = useState<PullResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const go = async () => {
    // Not disabled while its call goes on (the focus would be lost): a second click is ignored instead.
    if (pulling.isLoading) return;
    setProblem(null);
    const res = await pull();
    if ('error' in res) {
      setResult(null);
      setProblem((res.error as ApiError).msg || t('calendar.pull.failed'));
    } else setResult(res.data);
  };
  return (
    <div className="calendar-pull">
      <Button
        type="button"
        primary
        icon
        labelPosition="left"
        disabled={!canSave}
        loading={pulling.isLoading}
        aria-busy={pulling.isLoading}
        aria-describedby={canSave ? undefined : 'calendar-why'}
        onClick={() => void go()}
        data-testid="calendar-pull"
      >
        <Icon name="sync" aria-hidden="true" />
        {t('calendar.pull.button')}
      </Button>
      <div role="status" className="calendar-pull-status" data-testid="calendar-pull-status">
        {problem ? (
          <span className="calendar-pull-problem">
            <Icon name="warning sign" aria-hidden="true" />
            {problem}
          </span>
        ) : result ? (
          <>
            <span>
              {result.read !== 'read'
                ? t(`calendar.pull.${result.read}`)
                : result.events
                  ? t('calendar.pull.read')
                  : t('calendar.pull.nothing')}
            </span>{' '}
            {result.events > 0 && (
              <ul className="calendar-counts" data-testid="calendar-pull-counts">
                {COUNTS.map((k) => (
                  <li key={k} data-count={k}>
                    {t(`calendar.pull.counts.${k}`, { count: result[k] })}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </div>
  );
}
