/**
 * The room and desk inquiry (/center/search, /center/searchdesk): free resources for a date, time, capacity, devices
 * and place; book from the result, or, with the taken ones shown, wait for one (docs/product-rules.md R12.5).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Header, Message, Segment } from 'semantic-ui-react';
import { Loading } from '../../../components/Loading.tsx';
import { useAccess } from './access.ts';
import { useAvailableQuery, type AvailableArgs } from '../api.ts';
import { BookedModal } from './BookedModal.tsx';
import { BookingForm, type BookingTarget } from './booking-form/BookingForm.tsx';
import { minutesOf, timeOptions, today } from './dates.ts';
import { Filters, type FilterValue } from './Filters.tsx';
import { DeviceNamePicker } from './DeviceNamePicker.tsx';
import { InquiryResults } from './InquiryResults.tsx';
import type { Booking, SeriesAnswer } from '../api.ts';
import './center.css';
import '../i18n.ts';

const TIMES = timeOptions(15);

function nextQuarter(): string {
  const d = new Date();
  const m = Math.min(23 * 60, Math.ceil((d.getHours() * 60 + d.getMinutes() + 1) / 15) * 15);
  return TIMES[m / 15] ?? '09:00';
}

export function ResourceSearch({ type }: { type: 0 | 1 }) {
  const { t } = useTranslation('center');
  const access = useAccess();
  const start = nextQuarter();
  const [filter, setFilter] = useState<FilterValue>({ date: today() });
  const [range, setRange] = useState({
    startTime: start,
    endTime: TIMES[Math.min(96, minutesOf(start) / 15 + 4)]!,
    deviceNames: [] as string[],
  });
  // The taken ones are asked for only on request: most people look for a place to book now.
  const [withTaken, setWithTaken] = useState(false);
  const [args, setArgs] = useState<AvailableArgs | null>(null);
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const [booked, setBooked] = useState<Booking | SeriesAnswer | null>(null);
  const { data, isFetching } = useAvailableQuery(args!, { skip: !args });
  const mayBook = access.can('bookings.book');
  const badRange = minutesOf(range.endTime) <= minutesOf(range.startTime);
  const search = () => {
    if (!badRange)
      setArgs({
        ...filter,
        type,
        startTime: range.startTime,
        endTime: range.endTime,
        deviceNames: range.deviceNames.length ? range.deviceNames : undefined,
        includeTaken: withTaken ? 'true' : undefined,
      });
  };
  const toggleTaken = (on: boolean) => {
    setWithTaken(on);
    // An answer on screen follows at once: the same question, with or without the taken ones.
    if (args) setArgs({ ...args, includeTaken: on ? 'true' : undefined });
  };
  const title = type === 0 ? t('search.roomTitle') : t('search.deskTitle');
  return (
    <Segment className="center-page" data-testid={type === 0 ? 'search-page' : 'searchdesk-page'}>
      <Header as="h1" size="medium">
        {title}
      </Header>
      <Filters value={filter} onChange={setFilter} capacity={type === 0}>
        <Form.Field>
          <label htmlFor="s-start">{t('search.start')}</label>
          <select
            id="s-start"
            value={range.startTime}
            onChange={(e) => setRange({ ...range, startTime: e.target.value })}
          >
            {TIMES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </Form.Field>
        <Form.Field error={badRange}>
          <label htmlFor="s-end">{t('search.end')}</label>
          <select
            id="s-end"
            value={range.endTime}
            onChange={(e) => setRange({ ...range, endTime: e.target.value })}
            aria-invalid={badRange}
          >
            {TIMES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </Form.Field>
        <DeviceNamePicker
          type={type}
          value={range.deviceNames}
          onChange={(deviceNames) => setRange({ ...range, deviceNames })}
        />
        <Form.Field>
          <Checkbox
            id="s-taken"
            label={t('search.showTaken')}
            checked={withTaken}
            onChange={(_, d) => toggleTaken(Boolean(d.checked))}
            data-testid="search-taken"
          />
        </Form.Field>
        <Button primary type="button" onClick={search} disabled={badRange} data-testid="search-run">
          {t('search.run')}
        </Button>
      </Filters>
      {badRange && <Message warning size="small" content={t('search.badRange')} />}
      {isFetching && <Loading />}
      {!args && <Message info content={t('search.start_hint')} />}
      {args && data && data.resources.length === 0 && (
        <Message info content={t(args.includeTaken ? 'search.noneTaken' : 'search.none')} data-testid="search-empty" />
      )}
      {args && data && data.resources.length > 0 && (
        <InquiryResults answer={data} mayBook={mayBook} onBook={setTarget} />
      )}
      <BookingForm
        target={target}
        onClose={() => setTarget(null)}
        onBooked={(r) => {
          setTarget(null);
          setBooked(r);
        }}
      />
      <BookedModal result={booked} onClose={() => setBooked(null)} />
    </Segment>
  );
}
