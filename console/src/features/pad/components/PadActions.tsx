/**
 * The tablet's actions, as large buttons, each opening its dialog: check in (when the server says the current
 * or next meeting may), book now (when the room is bookable now and the tablet may book), extend and end early
 * (on the meeting under way). Offline, they are disabled and say why.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import type { PadDay } from '../api.ts';
import { BookNowDialog } from './BookNowDialog.tsx';
import { CheckInDialog } from './CheckInDialog.tsx';
import { checkInMeeting, currentMeeting } from './day.ts';
import { EndDialog } from './EndDialog.tsx';
import { ExtendDialog } from './ExtendDialog.tsx';
import { hhmmIn } from './time.ts';

type Open = 'checkIn' | 'bookNow' | 'extend' | 'end' | null;

interface Props {
  day: PadDay;
  now: number;
  offline: boolean;
  accept: (day: PadDay) => void;
  failed: (err: unknown) => void;
  /** A short confirmation for the screen after a success. */
  notify: (text: string) => void;
}

export function PadActions({ day, now, offline, accept, failed, notify }: Props) {
  const { t } = useTranslation('pad');
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const zone = day.room.timeZone;
  const checkIn = checkInMeeting(day, now);
  const current = currentMeeting(day, now);
  // Book, extend and end ask who is acting: a password, or a card or face the room recognises.
  const person = day.rules.authMethods.some((m) => m !== 'qr');
  const canBook = Boolean(day.bookNow?.options.length) && day.rules.padBooking && person;
  const buttons: Array<{ key: Exclude<Open, null>; icon: SemanticICONS; label: string; tone: string }> = [];
  if (checkIn) buttons.push({ key: 'checkIn', icon: 'sign in', label: t('actions.checkIn'), tone: 'primary' });
  if (canBook) buttons.push({ key: 'bookNow', icon: 'calendar plus', label: t('actions.bookNow'), tone: 'primary' });
  if (current && person) {
    buttons.push({ key: 'extend', icon: 'clock', label: t('actions.extend'), tone: '' });
    // Ending early is the engine's check-out, which needs a check-in.
    if (current.checkedIn) buttons.push({ key: 'end', icon: 'stop circle', label: t('actions.end'), tone: '' });
  }
  const succeeded = (next: PadDay, text: string) => {
    accept(next);
    setOpen(null);
    notify(text);
  };
  if (!buttons.length) return null;
  return (
    <nav className="pad-actions" aria-label={t('actions.label')}>
      {buttons.map((b) => (
        <button
          key={b.key}
          type="button"
          className={`ui massive ${b.tone} button pad-action`}
          disabled={offline}
          aria-describedby={offline ? 'pad-offline' : undefined}
          title={offline ? t('actions.offline') : undefined}
          onClick={() => setOpen(b.key)}
          data-testid={`pad-action-${b.key}`}
        >
          <Icon name={b.icon} aria-hidden="true" />
          {b.label}
        </button>
      ))}
      {offline && (
        <p className="pad-actions-why" data-testid="pad-actions-offline">
          {t('actions.offline')}
        </p>
      )}
      {open === 'checkIn' && checkIn && (
        <CheckInDialog
          meeting={checkIn}
          day={day}
          failed={failed}
          onClose={close}
          onDone={(next) => succeeded(next, t('checkIn.done'))}
        />
      )}
      {open === 'bookNow' && (
        <BookNowDialog
          day={day}
          failed={failed}
          onClose={close}
          onDone={(next, endAt) => succeeded(next, t('book.done', { time: hhmmIn(endAt, zone) }))}
        />
      )}
      {open === 'extend' && current && (
        <ExtendDialog
          meeting={current}
          day={day}
          failed={failed}
          onClose={close}
          onDone={(next, endAt) => succeeded(next, t('extend.done', { time: hhmmIn(endAt, zone) }))}
        />
      )}
      {open === 'end' && current && (
        <EndDialog
          meeting={current}
          methods={day.rules.authMethods}
          failed={failed}
          onClose={close}
          onDone={(next) => succeeded(next, t('end.done'))}
        />
      )}
    </nav>
  );
}
