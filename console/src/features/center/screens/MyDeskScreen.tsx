/** My Desk (/center/mydesk): my desk bookings, today's first, with check-in. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Segment } from 'semantic-ui-react';
import { Loading } from '../../../components/Loading.tsx';
import { useGridQuery, useMyBookingsQuery } from '../api.ts';
import { useLiveBookings } from '../live.ts';
import { BookingList } from '../components/BookingList.tsx';
import { today } from '../components/dates.ts';
import '../components/center.css';
import '../i18n.ts';

export default function MyDeskScreen() {
  const { t } = useTranslation('center');
  const day = today();
  const { data: desks } = useGridQuery({ date: day, type: 1 });
  const { data, isLoading } = useMyBookingsQuery({ scope: 'upcoming', pageSize: 200 });
  useLiveBookings(
    useMemo(() => desks?.resources.map((r) => r.id), [desks]),
    true,
  );
  const items = useMemo(() => {
    const ids = new Set((desks?.resources ?? []).map((r) => r.id));
    return (data?.items ?? [])
      .filter((b) => ids.has(b.resourceId))
      .sort((a, b) => Number(b.meetingDate === day) - Number(a.meetingDate === day) || a.startAt - b.startAt);
  }, [desks, data, day]);
  return (
    <Segment className="center-page" data-testid="mydesk-page">
      <Header as="h1" size="medium">
        {t('mydesk.title')}
      </Header>
      {isLoading ? <Loading /> : <BookingList items={items} empty={t('mydesk.empty')} testid="my-desks" />}
    </Segment>
  );
}
