/**
 * Meetings from calendars (R23.2, R23.3): the events written into the mirrored rooms' calendars outside Atrium,
 * newest first, with what became of each: booked (its booking opens in a dialog), declined back to its organiser
 * (with the reason, for the room's administrators: a quick filter shows only those), cancelled, or pending.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PressedButton } from '../../../../components/PressedButton.tsx';
import { CrudScreen, RowButton } from '../../../../components/crud/index.ts';
import { CHOICES } from '../../../../app/endpoints.ts';
import { formatTime } from '../../../../components/format.ts';
import { BookingDetails } from '../../../center/components/BookingDetails.tsx';
import '../../../center/i18n.ts';
import { useResourceListQuery } from '../../../room/api.ts';
import {
  EXTERNAL_STATES,
  externalEvents,
  useCalendarRoomsQuery,
  type ExternalState,
  type ExternalView,
} from '../../api.ts';
import { EventState } from './EventState.tsx';
import { SAVE } from './permissions.ts';
import { useReturnFocus } from '../directory/useReturnFocus.ts';
import { PullButton } from './PullButton.tsx';

const locale = (lang: string) => (lang === 'cn' ? 'zh-CN' : lang);
const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b).toDateString();

/** The event's time in the browser's zone: the end's time only when it ends the same day. */
export function eventTime(e: Pick<ExternalView, 'startAt' | 'endAt'>, lang: string): string {
  const end = sameDay(e.startAt, e.endAt - 1)
    ? new Date(e.endAt).toLocaleTimeString(locale(lang))
    : formatTime(e.endAt, lang);
  return `${formatTime(e.startAt, lang)} – ${end}`;
}

function Organiser({ e }: { e: ExternalView }) {
  const { t } = useTranslation('inte');
  if (!e.organiserName && !e.organiserEmail) return <span className="muted">{t('calendar.events.noOrganiser')}</span>;
  return (
    <span data-testid="calendar-event-organiser">
      {e.organiserName && <span>{e.organiserName}</span>}
      {e.organiserName && e.organiserEmail && <br />}
      {e.organiserEmail && <span className="calendar-email">{e.organiserEmail}</span>}
    </span>
  );
}

export function ExternalEvents() {
  const { t, i18n } = useTranslation('inte');
  const [state, setState] = useState<ExternalState | ''>('');
  const [booking, setBooking] = useState<number | null>(null);
  const { data: rooms } = useCalendarRoomsQuery();
  // A room no longer mirrored keeps its name from the rooms list (quiet: without the right to read it, its number).
  const { data: all } = useResourceListQuery(CHOICES);
  const names = new Map<number, string>([
    ...(all?.items ?? []).map((r): [number, string] => [r.id, r.name]),
    ...(rooms ?? []).flatMap((r): Array<[number, string]> => (r.resourceName ? [[r.resourceId, r.resourceName]] : [])),
  ]);
  // The keyboard goes back to the row's button when the booking's dialog closes.
  useReturnFocus(booking !== null);
  const roomOf = (e: ExternalView) => names.get(e.resourceId) ?? `#${e.resourceId}`;
  const l = i18n.language;
  const declinedOnly = state === 'declined';
  return (
    <CrudScreen
      embedded
      name="calendar-events"
      title={t('calendar.events.title')}
      description={t('calendar.events.intro')}
      perm={{ add: SAVE, update: SAVE, delete: SAVE }}
      source={externalEvents}
      query={state ? { state } : {}}
      pageSize={10}
      search={false}
      noAdd
      noEdit
      nameOf={(e) => e.subject || e.uid}
      emptyText={declinedOnly ? t('calendar.events.noneDeclined') : t('calendar.events.empty')}
      toolbar={
        <>
          <div className="field">
            <label htmlFor="calendar-events-state" style={{ display: 'block' }}>
              {t('calendar.events.state')}
            </label>
            <select
              id="calendar-events-state"
              className="ui dropdown"
              value={state}
              data-testid="calendar-events-state"
              onChange={(ev) => setState(ev.target.value as ExternalState | '')}
            >
              <option value="">{t('calendar.events.allStates')}</option>
              {EXTERNAL_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`calendar.events.states.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <PressedButton
            look="basic"
            icon="times circle"
            pressed={declinedOnly}
            onClick={() => setState(declinedOnly ? '' : 'declined')}
            data-testid="calendar-events-declined"
          >
            {t('calendar.events.declinedOnly')}
          </PressedButton>
          <PullButton />
        </>
      }
      columns={[
        { key: 'room', header: t('calendar.events.room'), render: roomOf },
        { key: 'subject', header: t('calendar.events.subject'), render: (e) => e.subject || '—' },
        { key: 'organiser', header: t('calendar.events.organiser'), render: (e) => <Organiser e={e} /> },
        { key: 'time', header: t('calendar.events.time'), render: (e) => eventTime(e, l) },
        { key: 'state', header: t('calendar.events.state'), render: (e) => <EventState state={e.state} /> },
        {
          key: 'reason',
          header: t('calendar.events.reason'),
          render: (e) =>
            e.state === 'declined' && e.reason ? <span data-testid="calendar-event-reason">{e.reason}</span> : '',
        },
        {
          key: 'booking',
          header: t('calendar.events.booking'),
          render: (e) =>
            e.bookingId !== null && e.state === 'booked' ? (
              <span className="calendar-booking">
                <RowButton
                  icon="calendar check outline"
                  label={t('calendar.events.openBooking', { id: e.bookingId, subject: e.subject })}
                  onClick={() => setBooking(e.bookingId)}
                  testId="calendar-event-booking"
                />
                <span aria-hidden="true">#{e.bookingId}</span>
              </span>
            ) : (
              ''
            ),
        },
      ]}
    >
      {booking !== null && <BookingDetails id={booking} onClose={() => setBooking(null)} />}
    </CrudScreen>
  );
}
