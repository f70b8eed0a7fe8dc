/** The meeting under way (or the next one): subject or "Booked", organiser, its times and the time left. */
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { PadMeeting } from '../api.ts';
import { duration, hhmmIn } from './time.ts';

export function MeetingCard({
  meeting,
  now,
  zone,
  current,
}: {
  meeting: PadMeeting;
  now: number;
  zone: string;
  current: boolean;
}) {
  const { t } = useTranslation('pad');
  return (
    <section className="pad-meeting" aria-labelledby="pad-meeting-title" data-testid="pad-current" data-id={meeting.id}>
      <h2 id="pad-meeting-title" className="pad-caption">
        {current ? t('meeting.current') : t('meeting.next')}
      </h2>
      <p className="pad-meeting-subject" data-testid="pad-current-subject">
        {meeting.subject ?? t('meeting.booked')}
      </p>
      <p className="pad-meeting-line">
        <span data-testid="pad-current-time">
          {t('meeting.range', { from: hhmmIn(meeting.startAt, zone), to: hhmmIn(meeting.endAt, zone) })}
        </span>
        {current && <span> · {t('meeting.left', { left: duration(t, meeting.endAt - now) })}</span>}
        {meeting.checkedIn && (
          <span className="pad-checked" data-testid="pad-checked-in">
            {' '}
            · <Icon name="check" aria-hidden="true" />
            {t('meeting.checkedIn')}
          </span>
        )}
      </p>
      <p className="pad-meeting-line">{t('meeting.by', { name: meeting.organiserName })}</p>
    </section>
  );
}
