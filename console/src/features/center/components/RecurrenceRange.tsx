import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { CountInput, type RecurrenceFieldsProps } from './recurrence.tsx';

/** Where a recurrence ends: after a number of occurrences, or on a date. */
export function RecurrenceRange({ value, onChange }: RecurrenceFieldsProps) {
  const { t } = useTranslation('center');
  const set = (patch: Partial<typeof value>) => onChange({ ...value, ...patch });
  const byCount = value.count !== undefined;
  return (
    <Form.Group widths="equal">
      <Form.Field>
        <label htmlFor="rec-end">{t('rec.range')}</label>
        <select
          id="rec-end"
          value={byCount ? 'count' : 'until'}
          onChange={(e) =>
            e.target.value === 'count'
              ? onChange({ ...value, until: undefined, count: 4 })
              : onChange({ ...value, count: undefined, until: '' })
          }
        >
          <option value="count">{t('rec.byCount')}</option>
          <option value="until">{t('rec.byUntil')}</option>
        </select>
      </Form.Field>
      {byCount ? (
        <Form.Field>
          <label htmlFor="rec-count">{t('rec.count')}</label>
          <CountInput id="rec-count" max={732} value={value.count} onChange={(count) => set({ count })} />
        </Form.Field>
      ) : (
        <Form.Field>
          <label htmlFor="rec-until">{t('rec.until')}</label>
          <input
            id="rec-until"
            type="date"
            value={value.until ?? ''}
            onChange={(e) => set({ until: e.target.value })}
          />
        </Form.Field>
      )}
    </Form.Group>
  );
}
