/** My Approval (/center/approve): pending and decided requests; approve or deny with a reason; my own pending requests with revoke. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header, Message, Segment, Table } from 'semantic-ui-react';
import { awaitsApproval } from '../../../../../core/modules/bookings/lifecycle.ts';
import { Loading } from '../../../components/Loading.tsx';
import { useAccess } from '../components/access.ts';
import { useApprovalsQuery, useMyBookingsQuery } from '../api.ts';
import { useLiveBookings } from '../live.ts';
import { DecisionModal, type Decision } from '../components/DecisionModal.tsx';
import '../components/center.css';
import '../i18n.ts';

export default function ApproveScreen() {
  const { t } = useTranslation('center');
  const access = useAccess();
  const [scope, setScope] = useState<'pending' | 'decided'>('pending');
  const { data, isLoading } = useApprovalsQuery({ scope });
  const { data: mine } = useMyBookingsQuery({ scope: 'upcoming', pageSize: 200 });
  useLiveBookings(undefined, true);
  const myPending = useMemo(() => (mine?.items ?? []).filter((b) => b.mySelf && awaitsApproval(b.state)), [mine]);
  const [decision, setDecision] = useState<Decision | null>(null);
  const mayDecide = access.can('bookings.decide');

  const items = data?.items ?? [];
  return (
    <Segment className="center-page" data-testid="approve-page">
      <Header as="h1" size="medium">
        {t('approve.title')}
      </Header>
      <div className="ui secondary pointing menu" role="tablist" aria-label={t('approve.title')}>
        {(['pending', 'decided'] as const).map((s) => (
          <button
            type="button"
            key={s}
            role="tab"
            aria-selected={scope === s}
            className={scope === s ? 'active item' : 'item'}
            onClick={() => setScope(s)}
            data-testid={`approvals-${s}`}
          >
            {t(`approve.${s}`)}
          </button>
        ))}
      </div>
      {isLoading ? (
        <Loading />
      ) : items.length === 0 ? (
        <Message info content={t(`approve.empty.${scope}`)} data-testid="approvals-empty" />
      ) : (
        <Table compact data-testid="approvals">
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t('details.subject')}</Table.HeaderCell>
              <Table.HeaderCell>{t('details.resource')}</Table.HeaderCell>
              <Table.HeaderCell>{t('details.when')}</Table.HeaderCell>
              <Table.HeaderCell>{t('details.state')}</Table.HeaderCell>
              <Table.HeaderCell>{scope === 'pending' ? t('approve.actions') : t('approve.reason')}</Table.HeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((a) => (
              <Table.Row key={a.id} data-approval={a.id}>
                <Table.Cell>{a.booking.subject}</Table.Cell>
                <Table.Cell>{a.booking.resourceName}</Table.Cell>
                <Table.Cell>
                  {a.booking.meetingDate} {a.booking.startTime}–{a.booking.endTime}
                </Table.Cell>
                <Table.Cell data-testid="approval-state">
                  {t(`approvalState.${a.state}`, { defaultValue: a.state })}
                </Table.Cell>
                <Table.Cell>
                  {scope === 'pending' && mayDecide ? (
                    <>
                      <Button
                        size="mini"
                        positive
                        onClick={() => setDecision({ kind: 'approve', approval: a })}
                        data-testid="approve"
                      >
                        {t('approve.approve')}
                      </Button>
                      <Button
                        size="mini"
                        negative
                        onClick={() => setDecision({ kind: 'deny', approval: a })}
                        data-testid="deny"
                      >
                        {t('approve.deny')}
                      </Button>
                    </>
                  ) : (
                    a.reason
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      <Header as="h2" size="small">
        {t('approve.mine')}
      </Header>
      {myPending.length === 0 ? (
        <Message info content={t('approve.empty.mine')} />
      ) : (
        <Table compact data-testid="my-pending">
          <Table.Body>
            {myPending.map((b) => (
              <Table.Row key={b.id}>
                <Table.Cell>{b.subject}</Table.Cell>
                <Table.Cell>{b.resourceName}</Table.Cell>
                <Table.Cell>
                  {b.meetingDate} {b.startTime}–{b.endTime}
                </Table.Cell>
                <Table.Cell collapsing>
                  <Button
                    size="mini"
                    basic
                    onClick={() => setDecision({ kind: 'revoke', booking: b })}
                    data-testid="revoke"
                  >
                    {t('approve.revoke')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {decision && <DecisionModal decision={decision} onClose={() => setDecision(null)} />}
    </Segment>
  );
}
