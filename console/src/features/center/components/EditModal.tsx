/** Change a booking: date, times, subject, phone, remarks, reminder; for a series occurrence, the scope. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal } from 'semantic-ui-react';
import { useModifyBookingMutation } from '../api.ts';
import { ScopeField } from './CancelModal.tsx';
import { ReminderField } from './ReminderField.tsx';
import { timeOptions } from './dates.ts';
import { useToast } from '../../../app/hooks.ts';
import type { Booking, Scope } from '../api.ts';

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
  const set = (patch: Partial<typeof v>) => setV({ ...v, ...patch });
  const submit = async () => {
    if (!v.subject.trim()) return;
    try {
      await modify({
        id: booking.id,
        body: { ...v, phone: v.phone || undefined, scope: booking.seriesId ? scope : 'one' },
      }).unwrap();
      toast('success', t('edit.done'));
      onClose();
    } catch {
      // toasted
    }
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
            <Form.Field>
              <label htmlFor="ed-end">{t('search.end')}</label>
              <select id="ed-end" value={v.endTime} onChange={(e) => set({ endTime: e.target.value })}>
                {TIMES.map((x) => (
                  <option key={x}>{x}</option>
                ))}
              </select>
            </Form.Field>
          </Form.Group>
          <Form.Input
            id="ed-subject"
            label={t('form.subject')}
            required
            value={v.subject}
            maxLength={100}
            onChange={(_, d) => set({ subject: String(d.value) })}
            error={!v.subject.trim() ? t('form.required') : undefined}
          />
          <Form.Input
            id="ed-phone"
            label={t('form.phone')}
            value={v.phone}
            maxLength={20}
            onChange={(_, d) => set({ phone: String(d.value) })}
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
