/** The room's state now, told by text, icon and colour together, large enough to read from two metres. */
import { useTranslation } from 'react-i18next';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import type { PadDay } from '../api.ts';
import { nextMeeting, TONE } from './day.ts';
import { duration, hhmmIn } from './time.ts';

const ICON: Record<PadDay['status']['state'], SemanticICONS> = {
  free: 'check circle',
  freeUntil: 'check circle',
  startingSoon: 'clock',
  awaitingCheckIn: 'hourglass half',
  inUse: 'users',
  busy: 'ban',
};

export function StatusPanel({ day, now }: { day: PadDay; now: number }) {
  const { t } = useTranslation('pad');
  const { state, until } = day.status;
  const zone = day.room.timeZone;
  const at = (ms: number | null) => (ms === null ? '' : hhmmIn(ms, zone));
  const headline =
    state === 'freeUntil' && until !== null ? t('state.freeUntil', { time: at(until) }) : t(`state.${state}`);
  let detail = '';
  if ((state === 'inUse' || state === 'busy') && until !== null) detail = t('state.until', { time: at(until) });
  else if (state === 'startingSoon') {
    const start = until ?? nextMeeting(day, now)?.startAt ?? null;
    if (start !== null) detail = t('state.startingAt', { time: at(start) });
  } else if (state === 'awaitingCheckIn' && until !== null)
    detail = t('state.checkInLeft', { left: duration(t, until - now) });
  else if (state === 'free' && day.meetings.length === 0) detail = t('state.freeAllDay');
  return (
    <div
      className={`pad-status pad-tone-${TONE[state]}`}
      role="status"
      aria-live="polite"
      data-testid="pad-state"
      data-state={state}
    >
      <Icon name={ICON[state]} aria-hidden="true" className="pad-status-icon" />
      <div>
        <p className="pad-status-text">{headline}</p>
        {detail && (
          <p className="pad-status-detail" data-testid="pad-state-detail">
            {detail}
          </p>
        )}
      </div>
    </div>
  );
}
