/** The recurrence of a booking: pattern, interval, weekdays or month day, and a range (until a date or a count). */
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import type { Recurrence } from '../api.ts';
import { CountInput, WEEKDAYS, type RecurrenceFieldsProps } from './recurrence.tsx';
import { MonthlyFields } from './RecurrenceMonthly.tsx';
import { RecurrenceRange } from './RecurrenceRange.tsx';

/** Keeps only the fields the chosen pattern uses. */
function withFreq(r: Recurrence, freq: Recurrence['freq']): Recurrence {
  const base = { freq, interval: r.interval, until: r.until, count: r.count };
  if (freq === 'weekly') return { ...base, byWeekday: r.byWeekday?.length ? r.byWeekday : [1] };
  if (freq === 'monthly') return { ...base, byMonthDay: [1] };
  return base;
}

export function RecurrenceEditor({ value, onChange }: RecurrenceFieldsProps) {
  const { t } = useTranslation('center');
  const set = (patch: Partial<Recurrence>) => onChange({ ...value, ...patch });
  const toggleDay = (d: number) => {
    const days = new Set(value.byWeekday ?? []);
    if (days.has(d)) days.delete(d);
    else days.add(d);
    set({ byWeekday: [...days].sort() });
  };
  return (
    <fieldset className="recurrence" data-testid="recurrence">
      <legend>{t('rec.title')}</legend>
      <Form.Group widths="equal">
        <Form.Field>
          <label htmlFor="rec-freq">{t('rec.freq')}</label>
          <select
            id="rec-freq"
            value={value.freq}
            onChange={(e) => onChange(withFreq(value, e.target.value as Recurrence['freq']))}
          >
            <option value="daily">{t('rec.daily')}</option>
            <option value="weekly">{t('rec.weekly')}</option>
            <option value="monthly">{t('rec.monthly')}</option>
          </select>
        </Form.Field>
        <Form.Field>
          <label htmlFor="rec-interval">{t('rec.interval')}</label>
          <CountInput id="rec-interval" max={99} value={value.interval} onChange={(interval) => set({ interval })} />
        </Form.Field>
      </Form.Group>
      {value.freq === 'weekly' && (
        <div className="rec-days" role="group" aria-label={t('rec.weekdays')}>
          {WEEKDAYS.map((d) => (
            <label key={d} className="rec-day">
              <input type="checkbox" checked={(value.byWeekday ?? []).includes(d)} onChange={() => toggleDay(d)} />
              {t(`rec.day${d}`)}
            </label>
          ))}
        </div>
      )}
      {value.freq === 'monthly' && <MonthlyFields value={value} onChange={onChange} />}
      <RecurrenceRange value={value} onChange={onChange} />
    </fieldset>
  );
}
