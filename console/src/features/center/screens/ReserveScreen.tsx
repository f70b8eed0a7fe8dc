/**
 * Book by list (/center/reserve): filters, the room-status grid, a range chosen on it, then the booking form.
 * `?resourceId=&date=&start=` (a room QR code's "Book this room", docs/product-rules.md R19.9) chooses that cell
 * and opens the form, as a click on it would.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button, Header, Message, Segment } from 'semantic-ui-react';
import { hasConflict, TimeGrid, type GridSelection } from '../../../components/timegrid/index.ts';
import { Loading } from '../../../components/Loading.tsx';
import { useAccess } from '../components/access.ts';
import { useGridQuery } from '../api.ts';
import { useLiveBookings } from '../live.ts';
import { BookedModal } from '../components/BookedModal.tsx';
import { BookingForm, type BookingTarget } from '../components/booking-form/BookingForm.tsx';
import { today } from '../components/dates.ts';
import { Filters, type FilterValue } from '../components/Filters.tsx';
import { BookingDetails } from '../components/BookingDetails.tsx';
import { Announcement, useBookingAnnouncer } from '../components/announcer.tsx';
import { WaitlistJoin } from '../components/WaitlistJoin.tsx';
import type { Booking, GridResource, SeriesAnswer } from '../api.ts';
import '../components/center.css';
import '../i18n.ts';

export default function ReserveScreen() {
  const { t } = useTranslation('center');
  const access = useAccess();
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<FilterValue>(() => {
    const date = params.get('date') ?? '';
    return { date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : today() };
  });
  const [selection, setSelection] = useState<GridSelection | null>(null);
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const [booked, setBooked] = useState<Booking | SeriesAnswer | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  // What the screen's one polite live region says (issue 24): the chosen range, a conflict, a booking made or refused.
  const announcer = useBookingAnnouncer();
  const say = announcer.say;
  // currentData, not data: while another date or filter loads, the last answer is not shown under the new date.
  const { currentData: grid, isFetching, isError } = useGridQuery({ ...filter, type: 0 });
  const mayBook = access.setting('useBookingByList') && access.can('bookings.book');

  const rows = useMemo(() => grid?.resources ?? [], [grid]);
  // Others' bookings, check-ins and cancellations show within a couple of seconds; the selection stays.
  useLiveBookings(useMemo(() => rows.map((r) => r.id), [rows]));
  const stateLabel = useCallback((s: string) => t(`state.${s}`), [t]);
  const onSelect = useCallback((sel: GridSelection | null) => setSelection(sel), []);

  const selRow = rows.find((r) => r.id === selection?.resourceId);
  const conflict =
    selRow && selection
      ? hasConflict(
          selRow.cells.map((c) => c.state),
          selection,
        )
      : false;
  const endOf = (i: number, row = selRow) => {
    const next = row?.cells[i + 1]?.time;
    if (next && next !== '00:00') return next;
    const [h, m] = (row?.cells[i]?.time ?? '00:00').split(':').map(Number);
    const end = h! * 60 + m! + (grid?.interval ?? 15);
    return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  };
  const rangeText = selRow && selection ? `${selRow.cells[selection.from]?.time ?? ''}–${endOf(selection.to)}` : '';
  const selText =
    selRow && selection
      ? conflict
        ? t('reserve.announceConflict', { name: selRow.name, range: rangeText })
        : t(mayBook ? 'reserve.announceSelected' : 'reserve.announceSelectedViewOnly', {
            name: selRow.name,
            range: rangeText,
          })
      : '';
  // A drag changes the selection on every cell: announce the range once it has rested a moment.
  useEffect(() => {
    if (!selText) return;
    const timer = setTimeout(() => say(selText), 400);
    return () => clearTimeout(timer);
  }, [selText, say]);
  const formFor = (row: GridResource, sel: GridSelection) =>
    setTarget({
      resourceId: row.id,
      resourceName: row.name,
      date: filter.date,
      startTime: row.cells[sel.from]!.time,
      endTime: endOf(sel.to, row),
    });
  const openForm = () => {
    if (!selRow || !selection || conflict || !mayBook) return;
    formFor(selRow, selection);
  };

  // The asked cell, once the grid of its date shows it: chosen and opened as a click would, then the address is
  // cleared so that closing the form does not open it again.
  const asked = { id: Number(params.get('resourceId')), start: params.get('start') };
  useEffect(() => {
    if (!asked.id || !asked.start || !grid || grid.date !== filter.date) return;
    setParams({}, { replace: true });
    const row = rows.find((r) => r.id === asked.id);
    const from = row ? row.cells.findIndex((c) => c.time === asked.start) : -1;
    if (!row || from < 0) return;
    const sel = { resourceId: row.id, from, to: from };
    setSelection(sel);
    if (
      mayBook &&
      !hasConflict(
        row.cells.map((c) => c.state),
        sel,
      )
    )
      formFor(row, sel);
  });

  return (
    <Segment className="center-page" data-testid="reserve-page">
      <Header as="h1" size="medium">
        {t('reserve.title')}
      </Header>
      {!access.setting('useBookingByList') && <Message info content={t('reserve.off')} />}
      <Filters
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setSelection(null);
        }}
      />
      <Announcement text={announcer.text} testId="reserve-announce" />
      <div className="selection-bar" data-testid="selection-bar">
        {selRow && selection ? (
          <>
            <span className={conflict ? 'sel-conflict' : 'sel-ok'} data-testid="selection-text">
              {selRow.name} {selRow.cells[selection.from]?.time}–{endOf(selection.to)}{' '}
              {conflict ? `· ${t('reserve.conflict')}` : ''}
            </span>
            {mayBook && (
              <Button primary size="small" disabled={conflict} onClick={openForm} data-testid="open-booking">
                {t('reserve.book')}
              </Button>
            )}
            {mayBook && conflict && (
              <WaitlistJoin
                target={{
                  resourceId: selRow.id,
                  resourceName: selRow.name,
                  date: filter.date,
                  startTime: selRow.cells[selection.from]!.time,
                  endTime: endOf(selection.to),
                }}
                onJoined={() => setSelection(null)}
              />
            )}
            <Button size="small" basic onClick={() => setSelection(null)}>
              {t('reserve.clear')}
            </Button>
          </>
        ) : (
          <span>{mayBook ? t('reserve.hint') : t('reserve.viewOnly')}</span>
        )}
      </div>
      {isFetching && !grid && <Loading />}
      {isError && <Message negative content={t('common.loadFailed')} />}
      {grid && rows.length === 0 && <Message info content={t('reserve.empty')} data-testid="empty" />}
      {rows.length > 0 && (
        <TimeGrid
          rows={rows}
          interval={grid?.interval ?? 15}
          selection={selection}
          onSelect={onSelect}
          onActivate={(row, c) => {
            const id = row.cells[c]?.bookingId;
            if (id) setDetails(id);
            else openForm();
          }}
          stateLabel={stateLabel}
          label={t('reserve.gridLabel', { date: filter.date })}
          legendLabel={t('legend.title')}
          showLegendLabel={t('legend.show')}
          hideLegendLabel={t('legend.hide')}
          scrollKey={grid?.date}
        />
      )}
      <BookingForm
        target={target}
        onClose={() => setTarget(null)}
        onBooked={(r) => {
          if (target) announcer.booked(target);
          setTarget(null);
          setSelection(null);
          setBooked(r);
        }}
        onRefused={(reason) => {
          if (target) announcer.refused(target, reason);
        }}
      />
      <BookedModal result={booked} onClose={() => setBooked(null)} />
      {details !== null && <BookingDetails id={details} onClose={() => setDetails(null)} waitlist={mayBook} />}
    </Segment>
  );
}
