/**
 * /qr: what a phone opens from a room's QR code, printed at the door (`?room=&s=`) or shown by its door tablet
 * (`?room=&t=`), docs/product-rules.md R19.9. Signed in (the guard sends an anonymous phone to sign in and back):
 * the room, free or busy until when, a check-in button for the caller's meeting there, and "Book this room"
 * (padQrCodeBooking), which opens the booking form at the room and the start the server offers.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Message } from 'semantic-ui-react';
import type { ApiError } from '../../../app/api.ts';
import { LanguageSwitch } from '../../../components/LanguageSwitch.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { proofOf, useQrCheckInMutation, useQrRoomQuery, type QrMeeting, type QrRoom } from '../api.ts';
import { CheckInPanel } from '../components/CheckInPanel.tsx';
import { RoomState } from '../components/RoomState.tsx';
import '../components/qr.css';
import '../i18n.ts';

const messageOf = (err: unknown, fallback: string) => (err as ApiError | undefined)?.msg || fallback;

export default function QrPage() {
  const { t } = useTranslation('qr');
  const [params] = useSearchParams();
  const proof = proofOf(params);
  const query = useQrRoomQuery(proof ?? { room: 0 }, { skip: !proof, refetchOnMountOrArgChange: true });
  const [checkIn, checking] = useQrCheckInMutation();
  const [after, setAfter] = useState<QrRoom | null>(null);
  const [done, setDone] = useState<QrMeeting | null>(null);
  const [failure, setFailure] = useState('');
  const room = after ?? query.data ?? null;
  usePageTitle(room?.room.name ?? t('title'));

  const onCheckIn = async (meeting: QrMeeting) => {
    if (!proof) return;
    setFailure('');
    try {
      setAfter(await checkIn({ ...proof, bookingId: meeting.id }).unwrap());
      setDone(meeting);
    } catch (err) {
      setFailure(messageOf(err, t('error.failed')));
    }
  };

  let body: JSX.Element;
  if (!proof) body = <Message negative role="alert" data-testid="qr-error" content={t('error.notACode')} />;
  else if (!room && query.isError)
    body = (
      <Message negative role="alert" data-testid="qr-error">
        <Message.Header>{t('error.title')}</Message.Header>
        <p>{messageOf(query.error, t('error.failed'))}</p>
      </Message>
    );
  else if (!room) body = <Loading />;
  else {
    const bookAt = room.bookAt;
    body = (
      <>
        <RoomState room={room} />
        {failure && <Message negative role="alert" data-testid="qr-error" content={failure} />}
        <CheckInPanel
          meeting={room.checkIn}
          done={done}
          zone={room.room.timeZone}
          busy={checking.isLoading}
          onCheckIn={(m) => void onCheckIn(m)}
        />
        {bookAt && (
          <div>
            <Button
              as={Link}
              to={`/center/reserve?${new URLSearchParams({ resourceId: String(room.room.id), date: bookAt.date, start: bookAt.startTime }).toString()}`}
              fluid
              size="large"
              className="qr-book"
              data-testid="qr-book"
            >
              {t('book.button')}
            </Button>
            <p className="qr-book-from">{t('book.from', { time: bookAt.startTime })}</p>
          </div>
        )}
      </>
    );
  }

  return (
    <main className="qr-page" aria-labelledby="qr-room" data-testid="qr-page">
      <header className="qr-head">
        <div>
          <p className="qr-kicker">{t('kicker')}</p>
          <h1 id="qr-room" className="qr-room" data-testid="qr-room">
            {room?.room.name ?? t('title')}
          </h1>
        </div>
        <LanguageSwitch size="tiny" />
      </header>
      {body}
    </main>
  );
}
