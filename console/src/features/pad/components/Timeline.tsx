/** Today's remaining meetings, top to bottom by start; the one under way is marked. */
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { PadMeeting } from '../api.ts';
import { hhmmIn } from './time.ts';

export function Timeline({ meetings, now, zone }: { meetings: PadMeeting[]; now: number; zone: string }) {
  const { t } = useTranslation('pad');
  return (
    <section className="pad-timeline" aria-labelledby="pad-timeline-title">
      <h2 id="pad-timeline-title" className="pad-caption">
        {t('timeline.title')}
      </h2>
      {meetings.length === 0 ? (
        <p className="pad-timeline-empty" data-testid="pad-timeline-empty">
          {t('timeline.empty')}
        </p>
      ) : (
        <ol data-testid="pad-timeline">
          {meetings.map((m) => {
            const underway = m.startAt <= now && now < m.endAt;
            return (
              <li
                key={m.id}
                className={underway ? 'pad-slot pad-slot-now' : 'pad-slot'}
                data-testid="pad-slot"
                data-id={m.id}
                aria-current={underway ? 'time' : undefined}
              >
                <span className="pad-slot-time">
                  {hhmmIn(m.startAt, zone)}–{hhmmIn(m.endAt, zone)}
                </span>
                <span className="pad-slot-body">
                  <span className="pad-slot-subject">{m.subject ?? t('meeting.booked')}</span>
                  <span className="pad-slot-organiser">{m.organiserName}</span>
                </span>
                {underway && <span className="pad-slot-badge">{t('timeline.now')}</span>}
                {m.checkedIn && (
                  <Icon name="check" role="img" aria-label={t('meeting.checkedIn')} className="pad-slot-check" />
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
