/**
 * "Find me a room" and "Find a desk near…" (/center/suggest, docs/product-rules.md R12.7): attendees (or colleagues),
 * a duration and a window in; rooms or desks out, best first with the reasons; Book books the suggestion at once.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Message, Segment } from 'semantic-ui-react';
import type { ApiError } from '../../../app/api.ts';
import { Loading } from '../../../components/Loading.tsx';
import { useCreateBookingMutation, type Booking, type SeriesAnswer } from '../api.ts';
import { useAccess } from '../components/access.ts';
import { BookedModal } from '../components/BookedModal.tsx';
import { minutesOf, timeOf, today } from '../components/dates.ts';
import { SuggestForm, type SuggestInput } from '../components/suggest/SuggestForm.tsx';
import { SuggestionList } from '../components/suggest/SuggestionList.tsx';
import { useSuggestionsQuery, type SuggestArgs, type Suggestion } from '../suggest-api.ts';
import '../components/center.css';
import '../components/suggest/suggest.css';
import '../i18n.ts';

/** The rest of today's working day from the next quarter hour (09:00–18:00), else the rest of the day. */
function firstWindow(): { from: string; to: string } {
  const d = new Date();
  const next = Math.ceil((d.getHours() * 60 + d.getMinutes() + 1) / 15) * 15;
  const from = Math.max(9 * 60, Math.min(next, 23 * 60 + 45));
  return { from: timeOf(from), to: from < 17 * 60 ? '18:00' : '24:00' };
}

function argsOf(v: SuggestInput): SuggestArgs {
  const room = v.kind === 'room';
  return {
    type: v.kind,
    date: v.date,
    from: v.from,
    to: v.to,
    durationMinutes: v.duration,
    locationId: v.locationId,
    floorId: v.floorId,
    attendees: room && v.attendees.length ? v.attendees.join(',') : undefined,
    deviceNames: room && v.deviceNames.length ? v.deviceNames : undefined,
    near: !room && !v.nearTeam && v.near.length ? v.near.join(',') : undefined,
    nearTeam: !room && v.nearTeam ? 'mine' : undefined,
  };
}

export default function SuggestScreen() {
  const { t } = useTranslation('center');
  const access = useAccess();
  const [input, setInput] = useState<SuggestInput>(() => ({
    kind: 'room',
    date: today(),
    ...firstWindow(),
    duration: 60,
    attendees: [],
    near: [],
    nearTeam: false,
    deviceNames: [],
  }));
  const [args, setArgs] = useState<SuggestArgs | null>(null);
  const { data, isFetching, isError, error } = useSuggestionsQuery(args!, { skip: !args });
  const [create] = useCreateBookingMutation();
  const [booking, setBooking] = useState<Suggestion | null>(null);
  const [booked, setBooked] = useState<Booking | SeriesAnswer | null>(null);
  const room = args?.type !== 'desk';
  const book = async (s: Suggestion) => {
    setBooking(s);
    try {
      const result = await create({
        resourceId: s.resource.id,
        meetingDate: s.date,
        startTime: s.startTime,
        endTime: s.endTime,
        subject: t(room ? 'suggest.subjectRoom' : 'suggest.subjectDesk'),
        innerAttendees: room && args?.attendees ? args.attendees.split(',').map(Number) : [],
      }).unwrap();
      setBooked(result);
    } catch {
      // The refusal is toasted with the server's reason; the list is asked again.
    } finally {
      setBooking(null);
    }
  };
  const list = data?.suggestions ?? [];
  const narrowHint = args && minutesOf(args.to) - minutesOf(args.from) <= Number(args.durationMinutes) + 60;
  return (
    <Segment className="center-page" data-testid="suggest-page">
      <Header as="h1" size="medium">
        {t(input.kind === 'desk' ? 'suggest.titleDesk' : 'suggest.title')}
      </Header>
      <SuggestForm value={input} onChange={setInput} onSubmit={() => setArgs(argsOf(input))} />
      <div aria-live="polite" className="suggest-status">
        {isFetching && <Loading />}
        {!args && <Message info content={t('suggest.startHint')} />}
        {args && data && !isFetching && <p className="visually-hidden">{t('suggest.found', { count: list.length })}</p>}
      </div>
      {args && isError && (
        // A refusal says why (no department for "my team", …); anything else is a failed load.
        <Message
          negative
          data-testid="suggest-error"
          content={(error as ApiError | undefined)?.msg || t('common.loadFailed')}
        />
      )}
      {args && data?.team && !isFetching && (
        <p className="suggest-note" data-testid="suggest-team">
          {t('suggest.teamFound', { name: data.team.name, count: data.team.members })}
        </p>
      )}
      {args && data && list.length === 0 && (
        <Message info data-testid="suggest-empty">
          <Message.Header>{t(room ? 'suggest.noneRoom' : 'suggest.noneDesk')}</Message.Header>
          <Message.List>
            {narrowHint && <Message.Item>{t('suggest.hintWiden')}</Message.Item>}
            {room && Boolean(args.deviceNames) && <Message.Item>{t('suggest.hintDevices')}</Message.Item>}
            {room && args.attendees && <Message.Item>{t('suggest.hintPeople')}</Message.Item>}
            <Message.Item>{t('suggest.hintOtherDay')}</Message.Item>
          </Message.List>
        </Message>
      )}
      {args && list.length > 0 && (
        <SuggestionList
          items={list}
          mayBook={access.can('bookings.book')}
          booking={booking}
          onBook={(s) => void book(s)}
        />
      )}
      <BookedModal result={booked} onClose={() => setBooked(null)} />
    </Segment>
  );
}
