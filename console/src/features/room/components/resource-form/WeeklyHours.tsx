/** The weekly opening hours: one row per weekday, on or off, from and to (HH:mm). */
import { useTranslation } from 'react-i18next';
import { Table } from 'semantic-ui-react';
import type { SectionProps } from './section.ts';

export function WeeklyHours({ draft, dispatch, errors }: SectionProps) {
  const { t } = useTranslation('room');
  return (
    <Table compact celled unstackable aria-label={t('section.weekly')} data-testid="weekly">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell scope="col">{t('field.weekday')}</Table.HeaderCell>
          <Table.HeaderCell scope="col">{t('field.enabled')}</Table.HeaderCell>
          <Table.HeaderCell scope="col">{t('field.timeFrom')}</Table.HeaderCell>
          <Table.HeaderCell scope="col">{t('field.timeTo')}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {draft.weekdays.map((w) => {
          const day = t(`weekday.${w.weekday}`);
          const err = errors[`weekdays.${w.weekday}`];
          const time = (k: 'timeFrom' | 'timeTo', suffix: string) => (
            <div className="ui mini input">
              <input
                id={`wd-${w.weekday}-${suffix}`}
                aria-label={`${day}: ${t(`field.${k}`)}`}
                placeholder="HH:mm"
                value={w[k]}
                maxLength={5}
                onChange={(e) => dispatch({ type: 'day', weekday: w.weekday, patch: { [k]: e.target.value } })}
              />
            </div>
          );
          return (
            <Table.Row key={w.weekday} error={Boolean(err)} data-weekday={w.weekday}>
              <Table.Cell>
                {day}
                {err && (
                  <div role="alert" className="ui red text">
                    {err}
                  </div>
                )}
              </Table.Cell>
              <Table.Cell>
                <input
                  type="checkbox"
                  id={`wd-${w.weekday}-on`}
                  aria-label={`${day}: ${t('field.enabled')}`}
                  checked={w.enabled}
                  onChange={(e) => dispatch({ type: 'day', weekday: w.weekday, patch: { enabled: e.target.checked } })}
                />
              </Table.Cell>
              <Table.Cell>{time('timeFrom', 'from')}</Table.Cell>
              <Table.Cell>{time('timeTo', 'to')}</Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table>
  );
}
