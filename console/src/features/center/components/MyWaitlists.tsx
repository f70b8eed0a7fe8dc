/**
 * My Booking's "My waitlists" (docs/product-rules.md R25.3): the user's own entries, newest first and paged, with
 * their state, searched by resource or subject; one that still waits (or was just offered) is left after a
 * confirmation.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header, Icon, Input, Pagination, Segment, Table } from 'semantic-ui-react';
import { useToast } from '../../../app/hooks.ts';
import { ConfirmDelete } from '../../../components/crud/index.ts';
import { useLeaveWaitlistMutation, useMyWaitlistQuery, type WaitlistEntry } from '../waitlist-api.ts';

const PAGE_SIZE = 10;
const LEAVABLE = new Set(['waiting', 'offered']);

export function MyWaitlists() {
  const { t } = useTranslation('center');
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [leaving, setLeaving] = useState<WaitlistEntry | null>(null);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Asked once typing rests, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data } = useMyWaitlistQuery({ page, pageSize: PAGE_SIZE, q: q || undefined });
  const [leave, { isLoading }] = useLeaveWaitlistMutation();
  if (!data) return null;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  const range = (e: WaitlistEntry) => `${e.startTime}–${e.endTime}`;
  const confirm = async () => {
    if (!leaving) return;
    try {
      await leave(leaving.id).unwrap();
      toast('success', t('waitlist.left'));
    } catch {
      // toasted
    }
    setLeaving(null);
  };
  return (
    <Segment basic className="my-waitlists" data-testid="my-waitlists" aria-labelledby="my-waitlists-title">
      <Header as="h2" size="tiny" id="my-waitlists-title">
        {t('waitlist.mine')}
      </Header>
      {(data.total > 0 || q) && (
        <Input
          size="small"
          icon="search"
          value={typed}
          placeholder={t('waitlist.search')}
          aria-label={t('waitlist.search')}
          onChange={(_, d) => setTyped(String(d.value ?? ''))}
          data-testid="waitlist-search"
        />
      )}
      {data.items.length === 0 ? (
        <Segment placeholder textAlign="center" data-testid="waitlists-empty">
          <p>
            <Icon name="hourglass outline" aria-hidden="true" /> {q ? t('common.none') : t('waitlist.empty')}
          </p>
        </Segment>
      ) : (
        <Table compact unstackable>
          <Table.Header>
            <Table.Row>
              <Table.HeaderCell>{t('waitlist.resource')}</Table.HeaderCell>
              <Table.HeaderCell>{t('waitlist.date')}</Table.HeaderCell>
              <Table.HeaderCell>{t('waitlist.range')}</Table.HeaderCell>
              <Table.HeaderCell>{t('waitlist.stateLabel')}</Table.HeaderCell>
              <Table.HeaderCell />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.items.map((e) => (
              <Table.Row key={e.id} data-testid={`waitlist-${e.id}`} data-state={e.state}>
                <Table.Cell>
                  {e.resourceName ?? `#${e.resourceId}`}
                  <div className="muted">
                    {e.subject}
                    {e.autoBook ? ` · ${t('waitlist.auto')}` : ''}
                  </div>
                </Table.Cell>
                <Table.Cell>{e.meetingDate}</Table.Cell>
                <Table.Cell>{range(e)}</Table.Cell>
                <Table.Cell data-testid="waitlist-state">
                  {t(`waitlist.state.${e.state}`)}
                  {e.reason && <div className="muted">{e.reason}</div>}
                </Table.Cell>
                <Table.Cell textAlign="right">
                  {LEAVABLE.has(e.state) && (
                    <Button size="mini" basic onClick={() => setLeaving(e)} data-testid="waitlist-leave">
                      {t('waitlist.leave')}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table>
      )}
      {data.total > PAGE_SIZE && (
        <nav aria-label={t('waitlist.pages')}>
          <Pagination
            activePage={page}
            totalPages={pages}
            onPageChange={(_, d) => setPage(Number(d.activePage))}
            firstItem={null}
            lastItem={null}
            size="small"
          />
        </nav>
      )}
      <ConfirmDelete
        name={leaving ? (leaving.resourceName ?? '') : null}
        busy={isLoading}
        title={t('waitlist.leaveTitle')}
        question={
          leaving
            ? t('waitlist.leaveQuestion', {
                name: leaving.resourceName ?? '',
                date: leaving.meetingDate,
                range: range(leaving),
              })
            : ''
        }
        action={t('waitlist.leave')}
        onCancel={() => setLeaving(null)}
        onConfirm={() => void confirm()}
      />
    </Segment>
  );
}
