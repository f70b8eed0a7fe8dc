/** Change a booking: date, times, subject, phone, remarks, reminder; for a series occurrence, the scope. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Message, Modal } from 'semantic-ui-react';
import { useToast } from '../../../app/hooks.ts';
import { errorFor, fieldErrorsOf, type FieldErrors } from '../../../components/crud/index.ts';
import { useModifyBookingMutation, type Booking, type Scope } from '../api.ts';
import { ScopeField } from './CancelModal.tsx';
import { minutesOf, timeOptions } from './dates.ts';
import { ReminderField } from './ReminderField.tsx';

const TIMES = timeOptions(15);

export function EditModal({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation('center');
  const toast = useToast();
  const [v, setV] = useState({
    meetingDate: booking.meetingDate,
    startTime: booking.startTime,
    endTime: booking.endTime,
    subject: booking.subject ?? '',
    phone: booking.phone ?? '',
    remarks: booking.remarks ?? '',
    reminderMinutes: booking.reminderMinutes,
  });
  const [scope, setScope] = useState<Scope>('one');
  const [modify, { isLoading }] = useModifyBookingMutation();
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<typeof v>) => setV({ ...v, ...patch });
  const submit = async () => {
    // The server's limits on a change (core/modules/bookings/schema.ts ModifyBooking, docs/product-rules.md R4.1-R4.2).
    const local: FieldErrors = {};
    const phone = v.phone.trim();
    if (!v.subject.trim()) local.subject = t('form.required');
    if (phone && (phone.length < 3 || phone.length > 20)) local.phone = t('form.phoneRule');
    if (minutesOf(v.endTime) <= minutesOf(v.startTime)) local.endTime = t('search.badRange');
    setErrors(local);
    if (Object.keys(local).length) return;
    const answer = await modify({
      id: booking.id,
      body: { ...v, subject: v.subject.trim(), phone: phone || undefined, scope: booking.seriesId ? scope : 'one' },
    });
    if ('error' in answer) return setErrors(fieldErrorsOf(answer.error));
    toast('success', t('edit.done'));
    onClose();
  };
  return (
    <Modal
      className="center-modal"
      open
      size="small"
      onClose={onClose}
      aria-labelledby="edit-title"
      data-testid="edit-modal"
    >
      <Modal.Header id="edit-title">{t('edit.title')}</Modal.Header>
      <Modal.Content>
        <Form id="edit-form" onSubmit={() => void submit()} noValidate>
          <Form.Group widths="equal">
            <Form.Field>
              <label htmlFor="ed-date">{t('filters.date')}</label>
              <input
                id="ed-date"
                type="date"
                value={v.meetingDate}
                onChange={(e) => set({ meetingDate: e.target.value })}
              />
            </Form.Field>
            <Form.Field>
              <label htmlFor="ed-start">{t('search.start')}</label>
              <select id="ed-start" value={v.startTime} onChange={(e) => set({ startTime: e.target.value })}>
                {TIMES.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            </Form.Field>
            <Form.Field error={Boolean(errors.endTime)}>
              <label htmlFor="ed-end">{t('search.end')}</label>
              <select id="ed-end" value={v.endTime} onChange={(e) => set({ endTime: e.target.value })}>
                {TIMES.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            </Form.Field>
          </Form.Group>
          {(['meetingDate', 'startTime', 'endTime'] as const).map(
            (k) =>
              errors[k] && <Message key={k} negative size="small" content={errors[k]} data-testid="edit-when-error" />,
          )}
          <Form.Input
            id="ed-subject"
            label={t('form.subject')}
            required
            value={v.subject}
            maxLength={100}
            onChange={(_, d) => set({ subject: String(d.value) })}
            error={errorFor(errors, 'subject')}
          />
          <Form.Input
            id="ed-phone"
            label={t('form.phone')}
            value={v.phone}
            maxLength={20}
            onChange={(_, d) => set({ phone: String(d.value) })}
            error={errorFor(errors, 'phone')}
          />
          <Form.TextArea
            id="ed-remarks"
            label={t('form.remarks')}
            value={v.remarks}
            maxLength={300}
            rows={2}
            onChange={(_, d) => set({ remarks: String(d.value ?? '') })}
          />
          <ReminderField id="ed-reminder" value={v.reminderMinutes} onChange={(m) => set({ reminderMinutes: m })} />
          {booking.seriesId !== null && <ScopeField id="edit-scope" value={scope} onChange={setScope} />}
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button primary type="submit" form="edit-form" loading={isLoading} data-testid="edit-save">
          {t('common.save')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
