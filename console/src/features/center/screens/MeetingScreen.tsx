/** My bookings (/center/meeting): upcoming and past, details and actions, and the calendar subscription link. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Header, Input, Menu, Segment } from 'semantic-ui-react';
import { Loading } from '../../../components/Loading.tsx';
import { useFeedMutation, useMyBookingsQuery } from '../api.ts';
import { useLiveBookings } from '../live.ts';
import { BookingList } from '../components/BookingList.tsx';
import { CreditHistory } from '../components/CreditHistory.tsx';
import { MyWaitlists } from '../components/MyWaitlists.tsx';
import '../components/center.css';
import '../i18n.ts';

export default function MeetingScreen() {
  const { t } = useTranslation('center');
  const [scope, setScope] = useState<'upcoming' | 'past'>('upcoming');
  const { data, isLoading } = useMyBookingsQuery({ scope, pageSize: 100 });
  useLiveBookings(undefined, true);
  const [feed, { data: feedAnswer, isLoading: feeding }] = useFeedMutation();
  return (
    <Segment className="center-page" data-testid="meeting-page">
      <Header as="h1" size="medium">
        {t('meeting.title')}
      </Header>
      <Menu secondary pointing role="tablist" aria-label={t('meeting.title')}>
        {(['upcoming', 'past'] as const).map((s) => (
          <Menu.Item
            key={s}
            role="tab"
            aria-selected={scope === s}
            active={scope === s}
            onClick={() => setScope(s)}
            data-testid={`scope-${s}`}
          >
            {t(`meeting.${s}`)}
          </Menu.Item>
        ))}
      </Menu>
      {isLoading ? (
        <Loading />
      ) : (
        <BookingList items={data?.items ?? []} empty={t(`meeting.empty.${scope}`)} testid="my-bookings" />
      )}
      <MyWaitlists />
      <CreditHistory />
      <Segment basic className="feed">
        <Header as="h2" size="tiny">
          {t('meeting.feed')}
        </Header>
        <p>{t('meeting.feedHelp')}</p>
        {feedAnswer ? (
          <Input
            fluid
            readOnly
            data-testid="feed-url"
            value={feedAnswer.url}
            aria-label={t('meeting.feed')}
            action={{
              icon: 'copy',
              'aria-label': t('meeting.copy'),
              onClick: () => void navigator.clipboard?.writeText(feedAnswer.url),
            }}
          />
        ) : (
          <Button
            size="small"
            basic
            icon="rss"
            content={t('meeting.feedCreate')}
            loading={feeding}
            onClick={() => void feed()}
            data-testid="feed-create"
          />
        )}
      </Segment>
    </Segment>
  );
}
