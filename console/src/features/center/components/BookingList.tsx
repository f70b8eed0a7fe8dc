/** A list of bookings, each opening to its facts and actions. */
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Message, Table } from 'semantic-ui-react';
import { BookingActions } from './BookingActions.tsx';
import { BookingFacts, StateLabel } from './BookingFacts.tsx';
import type { Booking } from '../api.ts';

export function BookingList({ items, empty, testid }: { items: Booking[]; empty: string; testid: string }) {
  const { t } = useTranslation('center');
  const [open, setOpen] = useState<number | null>(null);
  if (items.length === 0) return <Message info content={empty} data-testid={`${testid}-empty`} />;
  return (
    <Table compact selectable data-testid={testid}>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{t('details.subject')}</Table.HeaderCell>
          <Table.HeaderCell>{t('details.resource')}</Table.HeaderCell>
          <Table.HeaderCell>{t('details.when')}</Table.HeaderCell>
          <Table.HeaderCell>{t('details.state')}</Table.HeaderCell>
          <Table.HeaderCell>
            <span className="visually-hidden">{t('details.more')}</span>
          </Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((b) => (
          <Fragment key={b.id}>
            <Table.Row data-booking={b.id} className="booking-row">
              <Table.Cell>
                {b.subject ?? '—'}
                {b.seriesId !== null && (
                  <span className="series-mark" title={t('details.series')}>
                    {' '}
                    ↻
                  </span>
                )}
              </Table.Cell>
              <Table.Cell>{b.resourceName}</Table.Cell>
              <Table.Cell>
                {b.meetingDate} {b.startTime}–{b.endTime}
              </Table.Cell>
              <Table.Cell>
                <StateLabel booking={b} />
              </Table.Cell>
              <Table.Cell collapsing>
                <Button
                  size="mini"
                  basic
                  aria-expanded={open === b.id}
                  onClick={() => setOpen(open === b.id ? null : b.id)}
                  data-testid="details-toggle"
                >
                  {open === b.id ? t('details.hide') : t('details.show')}
                </Button>
              </Table.Cell>
            </Table.Row>
            {open === b.id && (
              <Table.Row className="booking-open">
                <Table.Cell colSpan={5}>
                  <BookingFacts booking={b} />
                  <BookingActions booking={b} />
                </Table.Cell>
              </Table.Row>
            )}
          </Fragment>
        ))}
      </Table.Body>
    </Table>
  );
}
