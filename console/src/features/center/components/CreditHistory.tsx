/**
 * My Booking's credit history (docs/product-rules.md R10.5): the user's balance and their own ledger, newest first
 * and paged, each movement with the balance after it and its booking. Shown only when bookings are charged.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Icon, Segment, Table } from 'semantic-ui-react';
import { Pager } from '../../../components/crud/Pager.tsx';
import { money, useOwnCreditQuery } from '../credit-api.ts';

const PAGE_SIZE = 10;

export function CreditHistory() {
  const { t } = useTranslation('center');
  const [page, setPage] = useState(1);
  const { data } = useOwnCreditQuery({ page, pageSize: PAGE_SIZE });
  if (!data?.useCredit) return null;
  return (
    <Segment basic className="credit-history" data-testid="credit-history" aria-labelledby="credit-history-title">
      <Header as="h2" size="tiny" id="credit-history-title">
        {t('credit.history')}
      </Header>
      <p data-testid="credit-balance">{t('credit.balance', { balance: money(data.balance) })}</p>
      {data.items.length === 0 ? (
        <Segment placeholder textAlign="center" data-testid="credit-empty">
          <p>
            <Icon name="inbox" aria-hidden="true" /> {t('credit.empty')}
          </p>
        </Segment>
      ) : (
        <Table compact unstackable data-testid="credit-ledger">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t('credit.when')}</Table.HeaderCell>
              <Table.HeaderCell>{t('credit.movement')}</Table.HeaderCell>
              <Table.HeaderCell textAlign="right">{t('credit.amount')}</Table.HeaderCell>
              <Table.HeaderCell textAlign="right">{t('credit.after')}</Table.HeaderCell>
              <Table.HeaderCell>{t('credit.booking')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.items.map((e) => (
              <Table.Row key={e.id} data-kind={e.kind}>
                <Table.Cell>{new Date(e.createdAt).toLocaleString()}</Table.Cell>
                <Table.Cell>
                  {t(`credit.kind.${e.kind}`, { defaultValue: e.kind })}
                  {e.note && <div className="muted">{e.note}</div>}
                </Table.Cell>
                <Table.Cell textAlign="right">
                  {e.amount > 0 ? '+' : '−'}
                  {money(Math.abs(e.amount))}
                </Table.Cell>
                <Table.Cell textAlign="right">{money(e.balanceAfter)}</Table.Cell>
                <Table.Cell>{e.bookingId === null ? '' : `#${e.bookingId}`}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <Pager label={t('credit.history')} page={page} total={data.total} pageSize={PAGE_SIZE} onPage={setPage} />
    </Segment>
  );
}
