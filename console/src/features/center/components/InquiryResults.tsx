/**
 * The inquiry's answer (docs/product-rules.md R12.5): each resource with its availability in words, a free one
 * booked from here, a taken one (asked for with "Show taken ones too") waited for with exactly the inquiry's range
 * (R25.2).
 */
import { useTranslation } from 'react-i18next';
import { Button, Table } from 'semantic-ui-react';
import type { Available } from '../api.ts';
import type { BookingTarget } from './booking-form/BookingForm.tsx';
import { WaitlistJoin } from './WaitlistJoin.tsx';

interface Props {
  answer: Available;
  mayBook: boolean;
  onBook: (target: BookingTarget) => void;
}

export function InquiryResults({ answer, mayBook, onBook }: Props) {
  const { t } = useTranslation('center');
  const { date, startTime, endTime } = answer;
  // The free ones first: what can be booked now comes before what can only be waited for.
  const rows = [...answer.resources].sort((a, b) => Number(Boolean(a.taken)) - Number(Boolean(b.taken)));
  return (
    <Table compact data-testid="search-results">
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t('details.resource')}</Table.HeaderCell>
          <Table.HeaderCell>{t('filters.capacity')}</Table.HeaderCell>
          <Table.HeaderCell>{t('search.zone')}</Table.HeaderCell>
          <Table.HeaderCell>{t('search.availability')}</Table.HeaderCell>
          <Table.HeaderCell>
            <span className="visually-hidden">{t('search.action')}</span>
          </Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => {
          const target = { resourceId: r.id, resourceName: r.name, date, startTime, endTime };
          return (
            <Table.Row key={r.id} data-id={r.id} data-taken={r.taken ? 'true' : 'false'}>
              <Table.Cell>{r.name}</Table.Cell>
              <Table.Cell>{r.capacity}</Table.Cell>
              <Table.Cell>{r.timeZone}</Table.Cell>
              <Table.Cell className={r.taken ? 'sel-conflict' : undefined} data-testid="search-availability">
                {r.taken ? t('search.isTaken') : t('search.isFree')}
              </Table.Cell>
              <Table.Cell collapsing>
                {mayBook && r.taken && <WaitlistJoin target={target} />}
                {mayBook && !r.taken && (
                  <Button size="mini" primary onClick={() => onBook(target)}>
                    {t('reserve.book')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table>
  );
}
