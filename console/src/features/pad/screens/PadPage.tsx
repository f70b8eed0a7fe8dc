/**
 * /pad: the screen of the tablet at a meeting room's door (docs/product-rules.md R19), made for 1280×800 and
 * 800×1280 and for reading from two metres: the room, its state now, the meeting under way, today's remaining
 * meetings, a clock in the room's zone and the actions. Without a device credential it shows the pairing.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, Message } from 'semantic-ui-react';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { currentMeeting, nextMeeting } from '../components/day.ts';
import { MeetingCard } from '../components/MeetingCard.tsx';
import { PadActions } from '../components/PadActions.tsx';
import { PadLanguage } from '../components/PadLanguage.tsx';
import { PairingScreen } from '../components/PairingScreen.tsx';
import { PresencePanel } from '../components/PresencePanel.tsx';
import { QrPanel } from '../components/QrPanel.tsx';
import { StatusPanel } from '../components/StatusPanel.tsx';
import { hhmmIn } from '../components/time.ts';
import { Timeline } from '../components/Timeline.tsx';
import { usePad } from '../components/usePad.ts';
import '../components/pad.css';
import '../i18n.ts';

/** The server's time now, ticking every second. */
function useNow(skew: number): number {
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    setNow(Date.now() + skew);
    const timer = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(timer);
  }, [skew]);
  return now;
}

/** A success said on the screen for a few seconds. */
function useNotice(): [string, (text: string) => void] {
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), 6000);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice];
}

export default function PadPage() {
  const { t } = useTranslation('pad');
  const pad = usePad();
  const now = useNow(pad.skew);
  const [notice, notify] = useNotice();
  const room = pad.day?.room ?? pad.me?.room ?? null;
  usePageTitle(room ? room.name : t('title'));
  const onLanguage = useCallback((lang: Parameters<typeof pad.setLanguage>[0]) => pad.setLanguage(lang), [pad]);

  if (pad.phase === 'pairing') return <PairingScreen onPair={pad.pair} onLanguage={onLanguage} />;

  const zone = room?.timeZone ?? 'UTC';
  const offline = pad.offlineSince !== null;
  const day = pad.day;
  const current = day ? currentMeeting(day, now) : null;
  const shown = current ?? (day ? nextMeeting(day, now) : null);
  return (
    <main
      className="pad"
      aria-labelledby="pad-room"
      data-testid="pad-screen"
      data-offline={offline}
      data-stream={pad.streaming ? 'ready' : 'down'}
    >
      {offline && (
        <div className="pad-offline" role="alert" id="pad-offline" data-testid="pad-offline">
          <Icon name="wifi" aria-hidden="true" />
          <strong>{t('offline.since', { time: hhmmIn(pad.offlineSince ?? now, zone) })}</strong>
          <span> · {t('offline.retrying')}</span>
        </div>
      )}
      <header className="pad-head">
        <div>
          <h1 id="pad-room" className="pad-room" data-testid="pad-room">
            {room?.name ?? t('loading')}
          </h1>
          {room && (
            <p className="pad-capacity" data-testid="pad-capacity">
              <Icon name="user" aria-hidden="true" />
              {t('capacity', { n: room.capacity })}
            </p>
          )}
        </div>
        <div className="pad-head-side">
          <p className="pad-clock" data-testid="pad-clock" aria-label={t('clock')} role="timer" aria-live="off">
            {hhmmIn(now, zone)}
          </p>
          <PadLanguage onChange={onLanguage} />
        </div>
      </header>
      {pad.dayError && !day && <Message negative role="alert" content={pad.dayError} data-testid="pad-day-error" />}
      {day ? (
        <div className="pad-body">
          <div className="pad-now">
            <StatusPanel day={day} now={now} />
            {shown && <MeetingCard meeting={shown} now={now} zone={zone} current={shown === current} />}
            <PresencePanel
              day={day}
              now={now}
              meetingId={current?.checkedIn ? current.id : null}
              offline={offline}
              accept={pad.accept}
              failed={pad.failed}
              notify={notify}
            />
            {notice && <Message positive size="huge" role="status" data-testid="pad-notice" content={notice} />}
            <PadActions day={day} now={now} offline={offline} accept={pad.accept} failed={pad.failed} notify={notify} />
          </div>
          <div className="pad-side">
            <Timeline meetings={day.meetings} now={now} zone={zone} />
            {day.rules.authMethods.includes('qr') && <QrPanel booking={day.rules.padQrCodeBooking} />}
          </div>
        </div>
      ) : (
        !pad.dayError && <p className="pad-loading">{t('loading')}</p>
      )}
    </main>
  );
}
