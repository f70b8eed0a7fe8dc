/**
 * The booking screens' one polite live region (issue 24): what a screen reader hears of a choice, a conflict, a
 * booking made and a booking refused, the same on Book by list and Book by floor plan. A screen has one region, not
 * one per cell or place, so that announcements do not talk over each other.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingTarget } from './booking-form/BookingForm.tsx';
import '../i18n.ts';

const rangeOf = (target: BookingTarget) => `${target.startTime}–${target.endTime}`;

export function useBookingAnnouncer() {
  const { t } = useTranslation('center');
  const [text, setText] = useState('');
  return useMemo(
    () => ({
      text,
      say: setText,
      booked: (target: BookingTarget) =>
        setText(t('reserve.announceBooked', { name: target.resourceName, range: rangeOf(target) })),
      refused: (target: BookingTarget, reason: string) =>
        setText(t('reserve.announceRefused', { name: target.resourceName, range: rangeOf(target), reason }).trim()),
    }),
    [text, t],
  );
}

export function Announcement({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid={testId}>
      {text}
    </p>
  );
}
