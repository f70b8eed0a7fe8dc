/** What the booking is and who answers for it: subject, phone, employee ID, remarks and the reminder. */
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { errorFor } from '../../../../components/crud/index.ts';
import { ReminderField } from '../ReminderField.tsx';
import type { SectionProps } from './section.ts';

export function DetailsSection({ draft, dispatch, errors, needPhone }: SectionProps & { needPhone: boolean }) {
  const { t } = useTranslation('center');
  return (
    <>
      <Form.Input
        id="bk-subject"
        label={t('form.subject')}
        required
        value={draft.subject}
        maxLength={100}
        onChange={(_, d) => dispatch({ type: 'set', patch: { subject: String(d.value) } })}
        error={errorFor(errors, 'subject')}
      />
      <Form.Group widths="equal">
        <Form.Input
          id="bk-phone"
          label={t('form.phone')}
          required={needPhone}
          value={draft.phone}
          maxLength={20}
          onChange={(_, d) => dispatch({ type: 'set', patch: { phone: String(d.value) } })}
          error={errorFor(errors, 'phone')}
        />
        <Form.Input
          id="bk-employee"
          label={t('form.employeeId')}
          required
          value={draft.employeeId}
          maxLength={50}
          onChange={(_, d) => dispatch({ type: 'set', patch: { employeeId: String(d.value) } })}
          error={errorFor(errors, 'employeeId')}
        />
      </Form.Group>
      <Form.TextArea
        id="bk-remarks"
        label={t('form.remarks')}
        value={draft.remarks}
        maxLength={300}
        rows={2}
        onChange={(_, d) => dispatch({ type: 'set', patch: { remarks: String(d.value ?? '') } })}
      />
      <ReminderField
        id="bk-reminder"
        value={draft.reminderMinutes}
        onChange={(m) => dispatch({ type: 'set', patch: { reminderMinutes: m } })}
      />
    </>
  );
}
