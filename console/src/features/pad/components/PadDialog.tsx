/**
 * The frame of every tablet action: a modal that closes itself after 60 s without a touch or a key, so a
 * half-finished action (and a typed password) does not stay on a door screen.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message, Modal } from 'semantic-ui-react';
import { PadError, type PadMeeting } from '../api.ts';
import { hhmmIn } from './time.ts';

export const IDLE_CLOSE_MS = 60_000;

function useIdleClose(onClose: () => void): void {
  useEffect(() => {
    let timer = setTimeout(onClose, IDLE_CLOSE_MS);
    const touched = () => {
      clearTimeout(timer);
      timer = setTimeout(onClose, IDLE_CLOSE_MS);
    };
    const events = ['pointerdown', 'keydown', 'input'] as const;
    for (const e of events) document.addEventListener(e, touched, true);
    return () => {
      clearTimeout(timer);
      for (const e of events) document.removeEventListener(e, touched, true);
    };
  }, [onClose]);
}

interface Props {
  id: string;
  title: string;
  onClose: () => void;
  /** The dialog's form: its fields, choices and error. */
  children: ReactNode;
  onSubmit: () => void;
  submit: { label: string; busy: boolean; ready: boolean; testId: string; danger?: boolean };
  /** A button between Cancel and the submit button. */
  extra?: ReactNode;
}

export function PadDialog({ id, title, onClose, children, onSubmit, submit, extra }: Props) {
  const { t } = useTranslation('pad');
  useIdleClose(onClose);
  return (
    <Modal
      open
      size="small"
      className="pad-dialog"
      closeOnDimmerClick={false}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-idle`}
      data-testid={id}
    >
      <Modal.Header id={`${id}-title`}>{title}</Modal.Header>
      <Modal.Content>
        <form
          id={`${id}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            if (submit.ready && !submit.busy) onSubmit();
          }}
        >
          {children}
        </form>
        <p id={`${id}-idle`} className="pad-idle">
          {t('idle')}
        </p>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" size="huge" onClick={onClose} data-testid={`${id}-cancel`}>
          {t('actions.cancel')}
        </Button>
        {extra}
        <Button
          type="submit"
          form={`${id}-form`}
          size="huge"
          primary={!submit.danger}
          negative={submit.danger}
          loading={submit.busy}
          disabled={submit.busy || !submit.ready}
          data-testid={submit.testId}
        >
          {submit.label}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}

/** A failed action's message: the server's translated msg, or why there was none. */
export function ErrorMessage({ error, testId }: { error: unknown; testId: string }) {
  const { t } = useTranslation('pad');
  if (!error) return null;
  let text: string;
  if (error instanceof PadError && error.kind === 'offline') text = t('error.network');
  else if (error instanceof PadError && error.message) text = error.message;
  else text = t('error.failed', { status: error instanceof PadError ? error.status : '?' });
  return <Message negative role="alert" size="large" content={text} data-testid={testId} />;
}

/** The meeting an action is about, as the dialog's first line. */
export function MeetingLine({ meeting, zone }: { meeting: PadMeeting; zone: string }) {
  const { t } = useTranslation('pad');
  return (
    <p className="pad-dialog-meeting">
      {meeting.subject ?? t('meeting.booked')} ·{' '}
      {t('meeting.range', { from: hhmmIn(meeting.startAt, zone), to: hhmmIn(meeting.endAt, zone) })}
    </p>
  );
}
