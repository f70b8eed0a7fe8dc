/** Recurring Booking (/center/recurring): my series, every occurrence and its state; change or end a series. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Header, Message, Segment } from 'semantic-ui-react';
import { isChangeable } from '../../../../../core/modules/bookings/lifecycle.ts';
import { Loading } from '../../../components/Loading.tsx';
import { useAccess } from '../components/access.ts';
import { useMyBookingsQuery } from '../api.ts';
import { useLiveBookings } from '../live.ts';
import { BookingList } from '../components/BookingList.tsx';
import { CancelModal } from '../components/CancelModal.tsx';
import type { Booking } from '../api.ts';
import '../components/center.css';
import '../i18n.ts';

export default function RecurringScreen() {
  const { t } = useTranslation('center');
  const access = useAccess();
  const { data, isLoading } = useMyBookingsQuery({ scope: 'all', pageSize: 500 });
  useLiveBookings(undefined, true);
  const [ending, setEnding] = useState<Booking | null>(null);
  const series = useMemo(() => {
    const m = new Map<number, Booking[]>();
    for (const b of data?.items ?? [])
      if (b.seriesId !== null && b.mySelf) (m.get(b.seriesId) ?? m.set(b.seriesId, []).get(b.seriesId)!).push(b);
    return [...m.entries()].map(([id, items]) => ({ id, items: items.sort((a, b) => a.startAt - b.startAt) }));
  }, [data]);
  const mayCreate = access.setting('useCircleReservation') && access.can('bookings.bookSeries');
  const mayCancel = access.can('bookings.cancel');
  return (
    <Segment className="center-page" data-testid="recurring-page">
      <Header as="h1" size="medium">
        {t('recurring.title')}
      </Header>
      {mayCreate && (
        <p>
          <Link className="ui small primary button" to="/center/reserve">
            {t('recurring.create')}
          </Link>{' '}
          {t('recurring.createHelp')}
        </p>
      )}
      {isLoading && <Loading />}
      {!isLoading && series.length === 0 && (
        <Message info content={t('recurring.empty')} data-testid="recurring-empty" />
      )}
      {series.map((s) => {
        const next = s.items.find((b) => b.endAt > Date.now() && isChangeable(b.state));
        return (
          <Segment key={s.id} data-series={s.id}>
            <Header as="h2" size="small">
              {s.items[0]?.subject} · {s.items[0]?.resourceName} · {s.items[0]?.startTime}–{s.items[0]?.endTime}
            </Header>
            {next && mayCancel && (
              <Button size="small" basic color="red" onClick={() => setEnding(next)}>
                {t('recurring.end')}
              </Button>
            )}
            <BookingList items={s.items} empty={t('recurring.empty')} testid={`series-${s.id}`} />
          </Segment>
        );
      })}
      {ending && <CancelModal booking={ending} scope="following" onClose={() => setEnding(null)} />}
    </Segment>
  );
}
