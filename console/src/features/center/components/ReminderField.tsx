/** When to remind the organiser before a booking starts (minutes, 0 none; the server takes up to 2880). */
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';

export const REMINDERS = [0, 5, 10, 15, 30, 60, 120, 1440];

export function ReminderField({ id, value, onChange }: { id: string; value: number; onChange: (m: number) => void }) {
  const { t } = useTranslation('center');
  return (
    <Form.Field>
      <label htmlFor={id}>{t('form.reminder')}</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {REMINDERS.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t('form.noReminder') : t('form.minutesBefore', { count: m })}
          </option>
        ))}
      </select>
    </Form.Field>
  );
}
