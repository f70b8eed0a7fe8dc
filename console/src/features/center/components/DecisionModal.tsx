/** Approving or denying a request, or withdrawing one's own, with an optional reason. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Modal } from 'semantic-ui-react';
import { useToast } from '../../../app/hooks.ts';
import { useCancelBookingMutation, useDecideMutation, type Approval, type Booking } from '../api.ts';

export type Decision = { kind: 'approve' | 'deny'; approval: Approval } | { kind: 'revoke'; booking: Booking };

export function DecisionModal({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation('center');
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [decide, { isLoading: deciding }] = useDecideMutation();
  const [cancel, { isLoading: cancelling }] = useCancelBookingMutation();

  const submit = async () => {
    try {
      if (decision.kind === 'revoke') {
        const b = decision.booking;
        if (b.approvalId) await decide({ id: b.approvalId, action: 'revoke', reason: reason || undefined }).unwrap();
        else await cancel({ id: b.id, reason: reason || t('approve.revoked'), scope: 'one' }).unwrap();
      } else {
        await decide({ id: decision.approval.id, action: decision.kind, reason: reason || undefined }).unwrap();
      }
      toast('success', t(`approve.done.${decision.kind}`));
      onClose();
    } catch {
      // toasted
    }
  };

  return (
    <Modal
      className="center-modal"
      open
      size="tiny"
      onClose={onClose}
      aria-labelledby="decide-title"
      data-testid="decide-modal"
    >
      <Modal.Header id="decide-title">{t(`approve.${decision.kind}`)}</Modal.Header>
      <Modal.Content>
        <Form id="decide-form" onSubmit={() => void submit()}>
          <Form.TextArea
            id="decide-reason"
            label={t('approve.reason')}
            value={reason}
            maxLength={300}
            onChange={(_, d) => setReason(String(d.value ?? ''))}
          />
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={onClose}>{t('common.back')}</Button>
        <Button primary type="submit" form="decide-form" loading={deciding || cancelling} data-testid="decide-confirm">
          {t(`approve.${decision.kind}`)}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
