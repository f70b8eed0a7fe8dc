/** Cancel with a required reason; for an occurrence of a series: this one, this and following, or the whole series. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal } from 'semantic-ui-react';
import { useCancelBookingMutation } from '../api.ts';
import { useToast } from '../../../app/hooks.ts';
import type { Booking, Scope } from '../api.ts';

export function ScopeField({ value, onChange, id }: { value: Scope; onChange: (s: Scope) => void; id: string }) {
  const { t } = useTranslation('center');
  return (
    <Form.Field>
      <label htmlFor={id}>{t('series.scope')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Scope)}>
        <option value="one">{t('series.one')}</option>
        <option value="following">{t('series.following')}</option>
        <option value="series">{t('series.series')}</option>
      </select>
    </Form.Field>
  );
}

export function CancelModal({
  booking,
  onClose,
  scope: initialScope = 'one',
}: {
  booking: Booking;
  onClose: (done: boolean) => void;
  scope?: Scope;
}) {
  const { t } = useTranslation('center');
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<Scope>(initialScope);
  const [error, setError] = useState(false);
  const [cancel, { isLoading }] = useCancelBookingMutation();
  const submit = async () => {
    if (!reason.trim()) {
      setError(true);
      return;
    }
    try {
      await cancel({ id: booking.id, reason, scope: booking.seriesId ? scope : 'one' }).unwrap();
      toast('success', t('cancel.done'));
      onClose(true);
    } catch {
      // toasted
    }
  };
  return (
    <Modal
      className="center-modal"
      open
      size="tiny"
      onClose={() => onClose(false)}
      aria-labelledby="cancel-title"
      data-testid="cancel-modal"
    >
      <Modal.Header id="cancel-title">{t('cancel.title')}</Modal.Header>
      <Modal.Content>
        <p>
          {booking.subject} · {booking.resourceName} · {booking.meetingDate} {booking.startTime}–{booking.endTime}
        </p>
        <Form id="cancel-form" onSubmit={() => void submit()} noValidate>
          <Form.TextArea
            id="cancel-reason"
            label={t('cancel.reason')}
            required
            value={reason}
            maxLength={300}
            onChange={(_, d) => {
              setReason(String(d.value ?? ''));
              setError(false);
            }}
            error={error ? { content: t('cancel.reasonRequired'), pointing: 'above' } : undefined}
          />
          {booking.seriesId !== null && <ScopeField id="cancel-scope" value={scope} onChange={setScope} />}
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button type="button" onClick={() => onClose(false)}>
          {t('common.back')}
        </Button>
        <Button negative type="submit" form="cancel-form" loading={isLoading} data-testid="cancel-confirm">
          {t('cancel.confirm')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
