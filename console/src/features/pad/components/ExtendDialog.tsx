/** Extend the meeting under way by 15, 30 or 60 minutes, for whoever signs in (the server judges who may). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { padApi, passwordAuth, type ExtendMinutes, type PadDay, type PadMeeting } from '../api.ts';
import { AuthFields, credentialsFilled, NO_CREDENTIALS } from './AuthFields.tsx';
import { Choices } from './Choices.tsx';
import { ErrorMessage, MeetingLine, PadDialog } from './PadDialog.tsx';
import { duration, hhmmIn } from './time.ts';
import { useAction } from './useAction.ts';

const STEPS: ExtendMinutes[] = [15, 30, 60];

interface Props {
  meeting: PadMeeting;
  day: PadDay;
  onDone: (day: PadDay, endAt: number) => void;
  failed: (err: unknown) => void;
  onClose: () => void;
}

export function ExtendDialog({ meeting, day, onDone, failed, onClose }: Props) {
  const { t } = useTranslation('pad');
  const zone = day.room.timeZone;
  const [minutes, setMinutes] = useState<ExtendMinutes | null>(null);
  const [credentials, setCredentials] = useState(NO_CREDENTIALS);
  const action = useAction((next) => onDone(next, meeting.endAt + (minutes ?? 0) * 60_000), failed);
  const submit = () => {
    if (minutes === null) return;
    const { username, password } = credentials;
    void action.run(async () => padApi.extend(meeting.id, minutes, await passwordAuth(username, password)));
  };
  return (
    <PadDialog
      id="pad-extend"
      title={t('extend.title')}
      onClose={onClose}
      onSubmit={submit}
      submit={{
        label: t('extend.submit'),
        busy: action.busy,
        ready: minutes !== null && credentialsFilled(credentials),
        testId: 'pad-extend-submit',
      }}
    >
      <MeetingLine meeting={meeting} zone={zone} />
      <ErrorMessage error={action.error} testId="pad-extend-error" />
      <Choices
        id="pad-extend-minutes"
        legend={t('extend.choose')}
        options={STEPS.map((m) => ({
          key: String(m),
          label: t('book.option', {
            duration: duration(t, m * 60_000),
            time: hhmmIn(meeting.endAt + m * 60_000, zone),
          }),
        }))}
        value={minutes === null ? null : String(minutes)}
        onChange={(key) => setMinutes(Number(key) as ExtendMinutes)}
      />
      {minutes !== null && (
        <AuthFields
          id="pad-extend"
          value={credentials}
          onChange={setCredentials}
          methods={day.rules.authMethods}
          busy={action.busy}
          onRecognised={(method) => void action.run(() => padApi.extend(meeting.id, minutes, { method }))}
        />
      )}
    </PadDialog>
  );
}
