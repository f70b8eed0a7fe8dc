/** Book the room from now: choose how long (the server's options), then sign in; the booking is the signer's. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { padApi, passwordAuth, type BookMinutes, type PadDay } from '../api.ts';
import { AuthFields, credentialsFilled, NO_CREDENTIALS } from './AuthFields.tsx';
import { Choices } from './Choices.tsx';
import { ErrorMessage, PadDialog } from './PadDialog.tsx';
import { duration, hhmmIn } from './time.ts';
import { useAction } from './useAction.ts';

interface Props {
  day: PadDay;
  onDone: (day: PadDay, endAt: number) => void;
  failed: (err: unknown) => void;
  onClose: () => void;
}

export function BookNowDialog({ day, onDone, failed, onClose }: Props) {
  const { t } = useTranslation('pad');
  const zone = day.room.timeZone;
  const options = day.bookNow?.options ?? [];
  const [minutes, setMinutes] = useState<BookMinutes | undefined>(undefined);
  const [credentials, setCredentials] = useState(NO_CREDENTIALS);
  const [subject, setSubject] = useState('');
  const chosen = options.find((o) => o.minutes === minutes);
  const action = useAction((next) => onDone(next, chosen?.endAt ?? 0), failed);
  const label = (o: (typeof options)[number]) =>
    o.minutes === null
      ? t('book.untilNext', { time: hhmmIn(o.endAt, zone) })
      : t('book.option', { duration: duration(t, o.minutes * 60_000), time: hhmmIn(o.endAt, zone) });
  // The offered lengths are the server's own 15, 30, 60 or null.
  const submit = () => {
    if (!chosen) return;
    const { username, password } = credentials;
    void action.run(async () =>
      padApi.bookNow(
        chosen.minutes as BookMinutes,
        await passwordAuth(username, password),
        subject.trim() || undefined,
      ),
    );
  };
  return (
    <PadDialog
      id="pad-book"
      title={t('book.title')}
      onClose={onClose}
      onSubmit={submit}
      submit={{
        label: t('book.submit'),
        busy: action.busy,
        ready: Boolean(chosen) && credentialsFilled(credentials),
        testId: 'pad-book-submit',
      }}
    >
      <ErrorMessage error={action.error} testId="pad-book-error" />
      <Choices
        id="pad-book-minutes"
        legend={t('book.choose')}
        options={options.map((o) => ({ key: String(o.minutes ?? 'next'), label: label(o) }))}
        value={minutes === undefined ? null : String(minutes ?? 'next')}
        onChange={(key) => setMinutes(key === 'next' ? null : (Number(key) as BookMinutes))}
      />
      {chosen && (
        <>
          <AuthFields
            id="pad-book"
            value={credentials}
            onChange={setCredentials}
            methods={day.rules.authMethods}
            busy={action.busy}
            onRecognised={(method) =>
              void action.run(() =>
                padApi.bookNow(chosen.minutes as BookMinutes, { method }, subject.trim() || undefined),
              )
            }
          />
          <div className="ui big form">
            <div className="field">
              <label htmlFor="pad-book-subject">{t('book.subject')}</label>
              <input
                id="pad-book-subject"
                maxLength={100}
                autoComplete="off"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
              />
            </div>
          </div>
        </>
      )}
    </PadDialog>
  );
}
