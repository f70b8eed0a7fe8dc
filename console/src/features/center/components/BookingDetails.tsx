/** One booking: its facts, and what its organiser may do now (check in, check out, .ics, edit, cancel). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, List, Modal } from 'semantic-ui-react';
import { judge, type Command, type Role } from '../../../../../core/modules/bookings/lifecycle.ts';
import { useAccess } from './access.ts';
import { useBookingQuery, useCheckInMutation, useCheckOutMutation } from '../api.ts';
import { QrCode } from './BookedModal.tsx';
import { CancelModal } from './CancelModal.tsx';
import { download } from '../download.ts';
import { EditModal } from './EditModal.tsx';
import { useToast } from '../../../app/hooks.ts';
import type { Booking } from '../types.ts';

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

export function BookingActions({ booking, onDone }: { booking: Booking; onDone?: () => void }) {
  const { t } = useTranslation('center');
  const access = useAccess();
  const toast = useToast();
  const [mode, setMode] = useState<null | 'cancel' | 'edit' | 'checkin'>(null);
  const [code, setCode] = useState('');
  const [checkIn, { isLoading: checking }] = useCheckInMutation();
  const [checkOut] = useCheckOutMutation();
  const mine = booking.mySelf;
  // The server's lifecycle table, asked as the organiser (or as anyone holding the code, for check-in).
  const now = Date.now();
  const verdict = (command: Command, roles: Role[] = mine ? ['organiser'] : []) =>
    judge(command, { roles, state: booking.state, startAt: booking.startAt, endAt: booking.endAt, now });
  const edit = verdict('modify');
  // The edit dialog moves the whole booking; a meeting under way may only change its end.
  const canEdit =
    edit.ok &&
    !edit.move.endOnly &&
    ['center:reserve:update', 'center:meeting:update', 'center:recurring:update'].some(access.can);
  const canCancel =
    verdict('cancel').ok &&
    ['center:reserve:cancel', 'center:meeting:cancel', 'center:mydesk:cancel', 'center:recurring:cancel'].some(
      access.can,
    );
  const startsSoon = booking.startAt - now < 60 * 60_000;
  const canCheckIn = verdict('checkIn', ['codeHolder']).ok && startsSoon;
  const canCheckOut = verdict('checkOut').ok;
  const doCheckIn = async () => {
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
        onClick={() =>
          void download(`/bookings/${booking.id}/ics`, `booking-${booking.id}.ics`).then((ok) => {
            if (!ok) toast('error', t('common.loadFailed'));
          })
        }
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
        <Modal className="center-modal" open size="mini" onClose={() => setMode(null)} aria-labelledby="ci-title">
          <Modal.Header id="ci-title">{t('checkin.action')}</Modal.Header>
          <Modal.Content>
            <Form id="ci-form" onSubmit={() => void doCheckIn()}>
              <Form.Input
                id="ci-code"
                label={t('checkin.code')}
                inputMode="numeric"
                value={code}
                onChange={(_, d) => setCode(String(d.value))}
              />
            </Form>
          </Modal.Content>
          <Modal.Actions>
            <Button onClick={() => setMode(null)}>{t('common.cancel')}</Button>
            <Button primary type="submit" form="ci-form">
              {t('checkin.action')}
            </Button>
          </Modal.Actions>
        </Modal>
      )}
    </div>
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

export function BookingDetails({ id, onClose }: { id: number; onClose: () => void }) {
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
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Modal.Actions>
    </Modal>
  );
}
