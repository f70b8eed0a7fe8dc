/** The recurrence of a booking: pattern, interval, weekdays or month day, and a range (until a date or a count). */
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import type { Recurrence } from '../api.ts';

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** Keeps only the fields the chosen pattern uses. */
function withFreq(r: Recurrence, freq: Recurrence['freq']): Recurrence {
  const base = { freq, interval: r.interval, until: r.until, count: r.count };
  if (freq === 'weekly') return { ...base, byWeekday: r.byWeekday?.length ? r.byWeekday : [1] };
  if (freq === 'monthly') return { ...base, byMonthDay: [1] };
  return base;
}

export function RecurrenceEditor({ value, onChange }: { value: Recurrence; onChange: (r: Recurrence) => void }) {
  const { t } = useTranslation('center');
  const set = (patch: Partial<Recurrence>) => onChange({ ...value, ...patch });
  const byCount = value.count !== undefined;
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
          <input
            id="rec-interval"
            type="number"
            min={1}
            max={99}
            value={value.interval}
            onChange={(e) => set({ interval: Math.max(1, Number(e.target.value) || 1) })}
          />
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
            <input
              id="rec-count"
              type="number"
              min={1}
              max={732}
              value={value.count}
              onChange={(e) => set({ count: Math.max(1, Number(e.target.value) || 1) })}
            />
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
    </fieldset>
  );
}

/** A monthly pattern: on a date of the month, or on the first..fourth or last given weekday. */
function MonthlyFields({ value, onChange }: { value: Recurrence; onChange: (r: Recurrence) => void }) {
  const { t } = useTranslation('center');
  const set = (patch: Partial<Recurrence>) => onChange({ ...value, ...patch });
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
          <input
            id="rec-monthday"
            type="number"
            min={1}
            max={31}
            value={value.byMonthDay?.[0] ?? 1}
            onChange={(e) => set({ byMonthDay: [Math.min(31, Math.max(1, Number(e.target.value) || 1))] })}
          />
        </Form.Field>
      )}
    </Form.Group>
  );
}
