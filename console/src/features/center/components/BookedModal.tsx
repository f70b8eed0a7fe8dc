/** After booking: the check-in code and its QR code (and the dates skipped from a series). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, List, Modal } from 'semantic-ui-react';
import { awaitsApproval } from '../../../../../core/modules/bookings/lifecycle.ts';
import type { Booking, SeriesAnswer } from '../api.ts';

export function firstBooking(result: Booking | SeriesAnswer): Booking | undefined {
  return 'bookings' in result ? result.bookings[0] : result;
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((m) => m.toString(text, { type: 'svg', margin: 1, width: 100 }))
      .then((s) => {
        if (live) setSvg(s);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <div
      className="qr"
      role="img"
      aria-label={label}
      data-testid="checkin-qr"
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

export function BookedModal({ result, onClose }: { result: Booking | SeriesAnswer | null; onClose: () => void }) {
  const { t } = useTranslation('center');
  if (!result) return null;
  const b = firstBooking(result);
  const skipped = 'skipped' in result ? result.skipped : [];
  const count = 'bookings' in result ? result.bookings.length : 1;
  return (
    <Modal
      className="center-modal"
      open
      onClose={onClose}
      size="tiny"
      aria-labelledby="booked-title"
      data-testid="booked"
    >
      <Modal.Header id="booked-title">
        {b && awaitsApproval(b.state) ? t('booked.pending') : t('booked.title')}
      </Modal.Header>
      <Modal.Content>
        {b && (
          <>
            <p>
              {b.resourceName} · {b.meetingDate} {b.startTime}–{b.endTime}
            </p>
            {count > 1 && <p data-testid="booked-count">{t('booked.count', { count })}</p>}
            {b.checkInCode && (
              <div className="checkin-code">
                <p>
                  {t('booked.code')}: <strong data-testid="checkin-code">{b.checkInCode}</strong>
                </p>
                <QrCode text={b.checkInCode} label={t('booked.qr', { code: b.checkInCode })} />
              </div>
            )}
          </>
        )}
        {skipped.length > 0 && (
          <>
            <p>{t('booked.skipped')}</p>
            <List bulleted data-testid="booked-skipped">
              {skipped.map((o) => (
                <List.Item key={o.date}>{o.date}</List.Item>
              ))}
            </List>
          </>
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button primary onClick={onClose} data-testid="booked-close">
          {t('common.close')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
