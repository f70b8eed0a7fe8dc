import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { CountInput, WEEKDAYS, type RecurrenceFieldsProps } from './recurrence.tsx';

/** A monthly pattern: on a date of the month, or on the first..fourth or last given weekday. */
export function MonthlyFields({ value, onChange }: RecurrenceFieldsProps) {
  const { t } = useTranslation('center');
  const set = (patch: Partial<typeof value>) => onChange({ ...value, ...patch });
  return (
    <Form.Group widths="equal">
      <Form.Field>
        <label htmlFor="rec-monthly">{t('rec.monthlyBy')}</label>
        <select
          id="rec-monthly"
          value={value.bySetPos !== undefined ? 'nth' : 'date'}
          onChange={(e) =>
            onChange(
              e.target.value === 'nth'
                ? { ...value, byMonthDay: undefined, bySetPos: 1, byWeekday: [value.byWeekday?.[0] ?? 1] }
                : { ...value, bySetPos: undefined, byWeekday: undefined, byMonthDay: [1] },
            )
          }
        >
          <option value="date">{t('rec.byDate')}</option>
          <option value="nth">{t('rec.byNth')}</option>
        </select>
      </Form.Field>
      {value.bySetPos !== undefined ? (
        <>
          <Form.Field>
            <label htmlFor="rec-setpos">{t('rec.nth')}</label>
            <select id="rec-setpos" value={value.bySetPos} onChange={(e) => set({ bySetPos: Number(e.target.value) })}>
              {[1, 2, 3, 4, -1].map((n) => (
                <option key={n} value={n}>
                  {t(`rec.pos${n < 0 ? 'Last' : n}`)}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field>
            <label htmlFor="rec-nthday">{t('rec.weekday')}</label>
            <select
              id="rec-nthday"
              value={value.byWeekday?.[0] ?? 1}
              onChange={(e) => set({ byWeekday: [Number(e.target.value)] })}
            >
              {WEEKDAYS.map((d) => (
                <option key={d} value={d}>
                  {t(`rec.day${d}`)}
                </option>
              ))}
            </select>
          </Form.Field>
        </>
      ) : (
        <Form.Field>
          <label htmlFor="rec-monthday">{t('rec.monthDay')}</label>
          <CountInput
            id="rec-monthday"
            max={31}
            value={value.byMonthDay?.[0] ?? 1}
            onChange={(n) => set({ byMonthDay: [Math.min(31, n)] })}
          />
        </Form.Field>
      )}
    </Form.Group>
  );
}
