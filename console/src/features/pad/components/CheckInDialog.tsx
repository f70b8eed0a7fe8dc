/** Check in to the current or next meeting with its code, typed on the keypad. A lock-out's wait is shown as the server words it. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { padApi, type PadDay, type PadMeeting } from '../api.ts';
import { Keypad } from './Keypad.tsx';
import { ErrorMessage, MeetingLine, PadDialog } from './PadDialog.tsx';
import { useAction } from './useAction.ts';

interface Props {
  meeting: PadMeeting;
  day: PadDay;
  onDone: (day: PadDay) => void;
  failed: (err: unknown) => void;
  onClose: () => void;
}

export function CheckInDialog({ meeting, day, onDone, failed, onClose }: Props) {
  const { t } = useTranslation('pad');
  const length = day.rules.passCodeLength;
  const [code, setCode] = useState('');
  const action = useAction(onDone, failed);
  const submit = () => void action.run(() => padApi.checkIn(meeting.id, code)).then((ok) => ok || setCode(''));
  return (
    <PadDialog
      id="pad-checkin"
      title={t('checkIn.title')}
      onClose={onClose}
      onSubmit={submit}
      submit={{
        label: t('checkIn.submit'),
        busy: action.busy,
        ready: code.length === length,
        testId: 'pad-checkin-submit',
      }}
    >
      <MeetingLine meeting={meeting} zone={day.room.timeZone} />
      <p id="pad-checkin-hint">{t('checkIn.hint', { n: length })}</p>
      <ErrorMessage error={action.error} testId="pad-checkin-error" />
      <Keypad
        id="pad-checkin-code"
        label={t('checkIn.code')}
        value={code}
        length={length}
        onChange={setCode}
        disabled={action.busy}
        describedBy="pad-checkin-hint"
      />
    </PadDialog>
  );
}
