/**
 * Book by floor plan (/center/reservedesk): the floor's plan with every desk and room coloured by its state for the
 * chosen date and time. It opens on the first floor of the location that has desks, From at the next free slot.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Header, Message, Segment } from 'semantic-ui-react';
import { FloorPlan, type PlanItem } from '../../../components/floorplan/index.ts';
import { BOOKED } from '../../../components/timegrid/index.ts';
import { Loading } from '../../../components/Loading.tsx';
import { useAccess } from '../components/access.ts';
import { useFloorsQuery, useGridQuery, useLocationsQuery, usePlacedQuery } from '../api.ts';
import { BookedModal } from '../components/BookedModal.tsx';
import { BookingForm, type BookingTarget } from '../components/booking-form/BookingForm.tsx';
import { minutesOf, timeOf, timeOptions, today } from '../components/dates.ts';
import { Filters, type FilterValue } from '../components/Filters.tsx';
import { usePlanImage } from '../components/usePlanImage.ts';
import type { Booking, GridResource, SeriesAnswer } from '../api.ts';
import '../components/center.css';
import '../i18n.ts';

const TIMES = timeOptions(15);
const LEGEND = ['free', 'mine', 'other', 'approvalMine', 'approvalOther', 'expired', 'disabled', 'unavailable'];

/** The state of a resource over [start, end): booked wins, then all free, else the first not-free state. */
export function stateOver(r: GridResource, start: string, end: string): string {
  const a = minutesOf(start);
  const b = minutesOf(end);
  const cells = r.cells.filter((c) => minutesOf(c.time) >= a && minutesOf(c.time) < b);
  if (cells.length === 0) return 'unavailable';
  const booked = cells.find((c) => BOOKED.has(c.state));
  if (booked) return booked.state;
  return cells.find((c) => c.state !== 'free')?.state ?? 'free';
}

/** Desks are booked for the working day: From at its start on other days, and to its end unless later. */
const DAY_START = '09:00';
const DAY_END = '18:00';

/**
 * The range the plan opens with: From at the first free cell of any place (from DAY_START on other days, from now
 * on today, where the past cells are not free), To at DAY_END or an hour later. Null while nothing is free.
 */
export function openingRange(resources: GridResource[], isToday: boolean): { start: string; end: string } | null {
  const earliest = isToday ? 0 : minutesOf(DAY_START);
  let first: number | null = null;
  for (const r of resources)
    for (const c of r.cells)
      if (c.state === 'free' && minutesOf(c.time) >= earliest && (first === null || minutesOf(c.time) < first))
        first = minutesOf(c.time);
  if (first === null) return isToday ? null : openingRange(resources, true);
  const end = first < minutesOf(DAY_END) ? minutesOf(DAY_END) : Math.min(first + 60, 24 * 60);
  return { start: timeOf(first), end: timeOf(end) };
}

export default function ReserveDeskScreen() {
  const { t } = useTranslation('center');
  const access = useAccess();
  const { data: locations } = useLocationsQuery();
  const [filter, setFilter] = useState<FilterValue>({ date: today() });
  const [range, setRange] = useState({ start: DAY_START, end: DAY_END });
  // The range follows the next free slot until the user picks one; a new date or floor starts over.
  const [rangeChosen, setRangeChosen] = useState(false);
  const chooseRange = (r: { start: string; end: string }) => {
    setRangeChosen(true);
    setRange(r);
  };
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const [booked, setBooked] = useState<Booking | SeriesAnswer | null>(null);
  const { data: floors = [] } = useFloorsQuery(filter.locationId, { skip: !filter.locationId });
  useEffect(() => {
    if (!filter.locationId && locations?.[0]) setFilter((f) => ({ ...f, locationId: locations[0]!.id }));
  }, [locations, filter.locationId]);
  // The location's desks say which floors have any: the first such floor opens, else the first floor.
  const { data: desks } = useGridQuery(
    { date: filter.date, locationId: filter.locationId, type: 1 },
    { skip: !filter.locationId || Boolean(filter.floorId) },
  );
  useEffect(() => {
    if (!filter.locationId || filter.floorId || !desks) return;
    const mine = floors.filter((x) => x.locationId === filter.locationId);
    const withDesks = new Set(desks.resources.map((r) => r.floorId));
    const chosen = mine.find((x) => withDesks.has(x.id)) ?? mine[0];
    if (chosen) setFilter((f) => ({ ...f, floorId: chosen.id }));
  }, [floors, desks, filter.locationId, filter.floorId]);
  const floor = floors.find((f) => f.id === filter.floorId);
  const { data: grid, isFetching } = useGridQuery(
    { date: filter.date, floorId: filter.floorId },
    { skip: !filter.floorId },
  );
  const { data: placed } = usePlacedQuery(filter.floorId!, { skip: !filter.floorId });
  const image = usePlanImage(filter.floorId, Boolean(floor?.planUploadId));
  const width = image?.w ?? 1200;
  const height = image?.h ?? 800;
  const mayBook = access.setting('useBookingByPlan') && access.can('bookings.book');
  const badRange = minutesOf(range.end) <= minutesOf(range.start);
  useEffect(() => {
    if (rangeChosen || !grid) return;
    const opening = openingRange(grid.resources, grid.date === today());
    if (opening) setRange(opening);
  }, [grid, rangeChosen]);

  const items = useMemo<PlanItem[]>(() => {
    const resources = grid?.resources ?? [];
    const pos = new Map((placed ?? []).filter((p) => p.position).map((p) => [p.id, p.position!]));
    const cols = Math.max(1, Math.ceil(Math.sqrt(resources.length * (width / height))));
    const gap = Math.min(width / (cols + 1), 80);
    return resources.map((r, i) => {
      const p = r.position ?? pos.get(r.id) ?? { x: gap * (1 + (i % cols)), y: gap * (1 + Math.floor(i / cols)) };
      const state = badRange ? 'unavailable' : stateOver(r, range.start, range.end);
      const stateText = t(`state.${state}`);
      const kind = r.type === 1 ? t('plan.desk') : t('plan.room');
      return {
        id: r.id,
        name: r.name,
        type: r.type,
        x: p.x,
        y: p.y,
        state,
        pickable: mayBook && state === 'free',
        label: `${r.name} ${range.start}–${range.end} ${stateText}`,
        caption: r.type === 1 ? r.name : `${r.name} · ${r.capacity}`,
        detail: `${kind} ${r.name} · ${t('filters.capacity')} ${r.capacity} · ${stateText}`,
      };
    });
  }, [grid, placed, width, height, range, badRange, mayBook, t]);

  const pick = (id: number) => {
    const r = grid?.resources.find((x) => x.id === id);
    if (r)
      setTarget({
        resourceId: r.id,
        resourceName: r.name,
        date: filter.date,
        startTime: range.start,
        endTime: range.end,
      });
  };

  return (
    <Segment className="center-page" data-testid="reservedesk-page">
      <Header as="h1" size="medium">
        {t('plan.title')}
      </Header>
      {!access.setting('useBookingByPlan') && <Message info content={t('plan.off')} />}
      <Filters
        value={filter}
        onChange={(v) => {
          if (v.date !== filter.date || v.floorId !== filter.floorId) setRangeChosen(false);
          setFilter(v);
        }}
        capacity={false}
        needFloor
      >
        <Form.Field>
          <label htmlFor="p-start">{t('search.start')}</label>
          <select id="p-start" value={range.start} onChange={(e) => chooseRange({ ...range, start: e.target.value })}>
            {TIMES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </Form.Field>
        <Form.Field error={badRange}>
          <label htmlFor="p-end">{t('search.end')}</label>
          <select id="p-end" value={range.end} onChange={(e) => chooseRange({ ...range, end: e.target.value })}>
            {TIMES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        </Form.Field>
      </Filters>
      {badRange && <Message warning size="small" content={t('search.badRange')} />}
      <ul className="fp-legend" aria-label={t('legend.title')}>
        {LEGEND.map((s) => (
          <li key={s}>
            <span className={`fp-swatch tg-${s}`} aria-hidden="true" />
            {t(`state.${s}`)}
          </li>
        ))}
      </ul>
      {!filter.floorId && <Message info content={t('plan.chooseFloor')} data-testid="plan-empty" />}
      {filter.floorId && isFetching && !grid && <Loading />}
      {filter.floorId && grid && grid.resources.length === 0 && (
        <Message info content={t('plan.empty')} data-testid="plan-empty" />
      )}
      {filter.floorId && grid && grid.resources.length > 0 && (
        <>
          {!image && <p className="fp-note">{t('plan.noImage')}</p>}
          <FloorPlan
            image={image?.url ?? null}
            width={width}
            height={height}
            items={items}
            onPick={pick}
            label={t('plan.label', { floor: floor?.displayName ?? '' })}
            zoomInLabel={t('plan.zoomIn')}
            zoomOutLabel={t('plan.zoomOut')}
            resetLabel={t('plan.reset')}
          />
        </>
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
