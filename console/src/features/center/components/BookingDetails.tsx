/** One booking in a dialog: its facts, its check-in QR code for the organiser, and what may be done with it. */
import { useTranslation } from 'react-i18next';
import { Button, Modal } from 'semantic-ui-react';
import { useBookingQuery } from '../api.ts';
import { BookingActions } from './BookingActions.tsx';
import { QrCode } from './BookedModal.tsx';
import { BookingFacts } from './BookingFacts.tsx';
import { WaitlistJoin } from './WaitlistJoin.tsx';

/** Another's booking that still holds time ahead: its exact range may be waited for (docs/product-rules.md R25.2). */
const HOLDING = new Set(['pending', 'confirmed']);

export function BookingDetails({
  id,
  onClose,
  waitlist = false,
}: {
  id: number;
  onClose: () => void;
  waitlist?: boolean;
}) {
  const { t } = useTranslation('center');
  const { data: b } = useBookingQuery(id);
  return (
    <Modal
      className="center-modal"
      open
      size="small"
      onClose={onClose}
      aria-labelledby="details-title"
      data-testid="booking-details"
    >
      <Modal.Header id="details-title">{b?.subject ?? t('details.title')}</Modal.Header>
      <Modal.Content>
        {b && <BookingFacts booking={b} />}
        {b?.checkInCode && b.mySelf && <QrCode text={b.checkInCode} label={t('booked.qr', { code: b.checkInCode })} />}
        {b && <BookingActions booking={b} />}
        {waitlist && b && !b.mySelf && HOLDING.has(b.state) && b.startAt > Date.now() && (
          <WaitlistJoin
            target={{
              resourceId: b.resourceId,
              resourceName: b.resourceName,
              date: b.meetingDate,
              startTime: b.startTime,
              endTime: b.endTime,
            }}
            onJoined={onClose}
          />
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Modal.Actions>
    </Modal>
  );
}
