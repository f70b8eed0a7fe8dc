/**
 * The caller's meeting that may be checked in now, as one large button; once checked in, a clear success; with
 * nothing to check in to, why (only the organiser or an attendee, only while the check-in window is open).
 */
import { useTranslation } from 'react-i18next';
import { Button, Icon, Message } from 'semantic-ui-react';
import type { QrMeeting } from '../api.ts';
import { hhmmIn } from './time.ts';

interface Props {
  meeting: QrMeeting | null;
  /** The meeting this page checked in, once it has. */
  done: QrMeeting | null;
  zone: string;
  busy: boolean;
  onCheckIn: (meeting: QrMeeting) => void;
}

export function CheckInPanel({ meeting, done, zone, busy, onCheckIn }: Props) {
  const { t } = useTranslation('qr');
  const range = (m: QrMeeting) => `${hhmmIn(m.startAt, zone)}–${hhmmIn(m.endAt, zone)}`;
  const subject = (m: QrMeeting) => m.subject || t('checkIn.noSubject');
  if (done)
    return (
      <Message positive icon role="status" data-testid="qr-done">
        <Icon name="check circle" aria-hidden="true" />
        <Message.Content>
          <Message.Header>{t('checkIn.done')}</Message.Header>
          <p>{t('checkIn.doneDetail', { subject: subject(done), range: range(done) })}</p>
        </Message.Content>
      </Message>
    );
  if (meeting)
    return (
      <Button
        primary
        fluid
        size="huge"
        className="qr-checkin"
        loading={busy}
        disabled={busy}
        onClick={() => onCheckIn(meeting)}
        data-testid="qr-checkin"
      >
        {t('checkIn.button', { subject: subject(meeting), range: range(meeting) })}
      </Button>
    );
  return (
    <div className="qr-empty" data-testid="qr-nothing">
      <h2>{t('checkIn.nothing')}</h2>
      <p>{t('checkIn.nothingWhy')}</p>
    </div>
  );
}
