/** End the meeting under way early: sign in, then confirm, since the room is freed at once. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { padApi, passwordAuth, type PadDay, type PadMeeting } from '../api.ts';
import { AuthFields, credentialsFilled, NO_CREDENTIALS, type Recognised } from './AuthFields.tsx';
import { ErrorMessage, PadDialog } from './PadDialog.tsx';
import { useAction } from './useAction.ts';

interface Props {
  meeting: PadMeeting;
  /** The ways a person may prove who they are here (`rules.authMethods`). */
  methods: readonly string[];
  onDone: (day: PadDay) => void;
  failed: (err: unknown) => void;
  onClose: () => void;
}

export function EndDialog({ meeting, methods, onDone, failed, onClose }: Props) {
  const { t } = useTranslation('pad');
  const [credentials, setCredentials] = useState(NO_CREDENTIALS);
  const [confirming, setConfirming] = useState(false);
  /** Who confirms: the typed password, or the person the room recognised. */
  const [via, setVia] = useState<'password' | Recognised>('password');
  const action = useAction(onDone, failed);
  const submit = () => {
    if (!confirming) return setConfirming(true);
    const { username, password } = credentials;
    // A refusal (a wrong password, not the organiser) goes back to the sign-in, where it can be mended.
    void action
      .run(async () =>
        padApi.end(meeting.id, via === 'password' ? await passwordAuth(username, password) : { method: via }),
      )
      .then((ok) => ok || setConfirming(false));
  };
  return (
    <PadDialog
      id="pad-end"
      title={t('end.title')}
      onClose={onClose}
      onSubmit={submit}
      submit={{
        label: confirming ? t('end.submit') : t('auth.continue'),
        busy: action.busy,
        ready: via !== 'password' || credentialsFilled(credentials),
        testId: confirming ? 'pad-end-confirm' : 'pad-end-continue',
        danger: confirming,
      }}
      extra={
        confirming && (
          <Button type="button" size="huge" onClick={() => setConfirming(false)} disabled={action.busy}>
            {t('actions.back')}
          </Button>
        )
      }
    >
      <ErrorMessage error={action.error} testId="pad-end-error" />
      {confirming ? (
        <p className="pad-confirm" role="alert" data-testid="pad-end-question">
          {t('end.confirm', { subject: meeting.subject ?? t('meeting.booked') })}
        </p>
      ) : (
        <AuthFields
          id="pad-end"
          value={credentials}
          onChange={(next) => {
            setVia('password');
            setCredentials(next);
          }}
          methods={methods}
          onRecognised={(method) => {
            setVia(method);
            setConfirming(true);
          }}
        />
      )}
    </PadDialog>
  );
}
