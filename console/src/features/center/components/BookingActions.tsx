/** What may be done with a booking now (check in, check out, .ics, edit, cancel), as the lifecycle table answers. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { judge, type Command, type Role } from '../../../../../core/modules/bookings/lifecycle.ts';
import { downloadFile } from '../../../app/files.ts';
import { useToast } from '../../../app/hooks.ts';
import { useAppDispatch } from '../../../app/store.ts';
import { useCheckInMutation, useCheckOutMutation, type Booking } from '../api.ts';
import { useAccess } from './access.ts';
import { CancelModal } from './CancelModal.tsx';
import { CheckInModal } from './CheckInModal.tsx';
import { EditModal } from './EditModal.tsx';

export function BookingActions({ booking, onDone }: { booking: Booking; onDone?: () => void }) {
  const { t } = useTranslation('center');
  const access = useAccess();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<null | 'cancel' | 'edit' | 'checkin'>(null);
  const [checkIn, { isLoading: checking }] = useCheckInMutation();
  const [checkOut] = useCheckOutMutation();
  const mine = booking.mySelf;
  // The server's lifecycle table, asked as the organiser (or as anyone holding the code, for check-in).
  const now = Date.now();
  const verdict = (command: Command, roles: Role[] = mine ? ['organiser'] : []) =>
    judge(command, { roles, state: booking.state, startAt: booking.startAt, endAt: booking.endAt, now });
  const edit = verdict('modify');
  // The edit dialog moves the whole booking; a meeting under way may only change its end.
  const canEdit = edit.ok && !edit.move.endOnly && access.can('bookings.change');
  const canCancel = verdict('cancel').ok && access.can('bookings.cancel');
  const startsSoon = booking.startAt - now < 60 * 60_000;
  const canCheckIn = verdict('checkIn', ['codeHolder']).ok && startsSoon;
  const canCheckOut = verdict('checkOut').ok;
  const doCheckIn = async (code = '') => {
    try {
      await checkIn({ id: booking.id, code: code || booking.checkInCode || '' }).unwrap();
      toast('success', t('checkin.done'));
      setMode(null);
      onDone?.();
    } catch {
      // toasted
    }
  };
  return (
    <div className="booking-actions">
      {canCheckIn && (
        <Button
          size="small"
          positive
          onClick={() => (booking.checkInCode ? void doCheckIn() : setMode('checkin'))}
          loading={checking}
          data-testid="checkin"
        >
          {t('checkin.action')}
        </Button>
      )}
      {canCheckOut && (
        <Button
          size="small"
          onClick={() =>
            void checkOut(booking.id)
              .unwrap()
              .then(
                () => toast('success', t('checkin.out')),
                () => {},
              )
          }
        >
          {t('checkin.checkout')}
        </Button>
      )}
      <Button
        size="small"
        basic
        icon="calendar plus"
        content={t('details.ics')}
        data-testid="ics"
        onClick={() => void dispatch(downloadFile(`/bookings/${booking.id}/ics`, `booking-${booking.id}.ics`))}
      />
      {canEdit && (
        <Button
          size="small"
          basic
          icon="edit"
          content={t('details.edit')}
          onClick={() => setMode('edit')}
          data-testid="edit"
        />
      )}
      {canCancel && (
        <Button
          size="small"
          basic
          color="red"
          icon="cancel"
          content={t('details.cancel')}
          onClick={() => setMode('cancel')}
          data-testid="cancel"
        />
      )}
      {mode === 'cancel' && (
        <CancelModal
          booking={booking}
          onClose={(done) => {
            setMode(null);
            if (done) onDone?.();
          }}
        />
      )}
      {mode === 'edit' && <EditModal booking={booking} onClose={() => setMode(null)} />}
      {mode === 'checkin' && (
        <CheckInModal checking={checking} onClose={() => setMode(null)} onSubmit={(code) => void doCheckIn(code)} />
      )}
    </div>
  );
}
