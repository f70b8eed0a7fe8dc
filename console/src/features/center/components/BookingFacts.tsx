/** What a booking is: its state as shown, and its facts (resource, time, state, contact, series, guests, code). */
import { useTranslation } from 'react-i18next';
import { List } from 'semantic-ui-react';
import type { Booking } from '../api.ts';

/** The state shown for a booking: an approved one whose end has passed reads as ended. */
export function stateKey(b: Booking): string {
  if (b.state === 'confirmed' && b.endAt <= Date.now()) return 'ended';
  return b.state;
}

export function StateLabel({ booking }: { booking: Booking }) {
  const { t } = useTranslation('center');
  const k = stateKey(booking);
  return (
    <span className={`state-label st-${k}`} data-state={k}>
      {t(`meetingState.${k}`, { defaultValue: k })}
    </span>
  );
}

export function BookingFacts({ booking: b }: { booking: Booking }) {
  const { t } = useTranslation('center');
  return (
    <List className="booking-facts">
      <List.Item>
        <strong>{t('details.resource')}</strong>: {b.resourceName}
      </List.Item>
      <List.Item>
        <strong>{t('details.when')}</strong>: {b.meetingDate} {b.startTime}–{b.endTime} ({b.timeZone})
      </List.Item>
      <List.Item>
        <strong>{t('details.state')}</strong>: <StateLabel booking={b} />
      </List.Item>
      {b.phone && (
        <List.Item>
          <strong>{t('form.phone')}</strong>: {b.phone}
        </List.Item>
      )}
      {b.remarks && (
        <List.Item>
          <strong>{t('form.remarks')}</strong>: {b.remarks}
        </List.Item>
      )}
      {b.seriesId !== null && (
        <List.Item>
          <strong>{t('details.series')}</strong>: #{b.seriesId}
        </List.Item>
      )}
      {b.outerAttendees.length > 0 && (
        <List.Item>
          <strong>{t('form.outer')}</strong>: {b.outerAttendees.map((o) => o.name).join(', ')}
        </List.Item>
      )}
      {b.cancelReason && (
        <List.Item>
          <strong>{t('cancel.reason')}</strong>: {b.cancelReason}
        </List.Item>
      )}
      {b.checkInCode && (
        <List.Item>
          <strong>{t('booked.code')}</strong>: {b.checkInCode}
        </List.Item>
      )}
    </List>
  );
}
