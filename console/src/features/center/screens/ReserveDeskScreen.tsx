/**
 * Book by floor plan (/center/reservedesk): the floor's plan with every desk and room coloured by its state for the
 * chosen date and time. It opens on the first floor of the location that has desks, From at the next free slot.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Header, Message, Segment } from 'semantic-ui-react';
import { FloorPlan } from '../../../components/floorplan/index.ts';
import { BOOKED } from '../../../components/timegrid/index.ts';
import { Loading } from '../../../components/Loading.tsx';
import { useAccess } from '../components/access.ts';
import { useGridQuery, usePlacedQuery } from '../api.ts';
import { useLiveBookings } from '../live.ts';
import { BookedModal } from '../components/BookedModal.tsx';
import { Announcement, useBookingAnnouncer } from '../components/announcer.tsx';
import { BookingForm, type BookingTarget } from '../components/booking-form/BookingForm.tsx';
import { minutesOf, today } from '../components/dates.ts';
import { Filters } from '../components/Filters.tsx';
import { DAY_END, DAY_START, openingRange } from '../components/plan-range.ts';
import { PlanLegend, PlanRangeFields } from '../components/PlanRangeFields.tsx';
import { usePlanFloor } from '../components/usePlanFloor.ts';
import { usePlanImage } from '../components/usePlanImage.ts';
import { usePlanItems } from '../components/usePlanItems.ts';
import { WaitlistJoin, type WaitlistTarget } from '../components/WaitlistJoin.tsx';
import type { Booking, SeriesAnswer } from '../api.ts';
import '../components/center.css';
import '../i18n.ts';

export default function ReserveDeskScreen() {
  const { t } = useTranslation('center');
  const access = useAccess();
  const { filter, setFilter, floor } = usePlanFloor();
  const [range, setRange] = useState({ start: DAY_START, end: DAY_END });
  // The range follows the next free slot until the user picks one; a new date or floor starts over.
  const [rangeChosen, setRangeChosen] = useState(false);
  const chooseRange = (r: { start: string; end: string }) => {
    setRangeChosen(true);
    setRange(r);
  };
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const [booked, setBooked] = useState<Booking | SeriesAnswer | null>(null);
  // A taken desk picked: its waitlist may be joined (docs/product-rules.md R25.2).
  const [taken, setTaken] = useState<WaitlistTarget | null>(null);
  // The screen's one polite live region, as on Book by list: the place chosen, one that cannot be, booked, refused.
  const announcer = useBookingAnnouncer();
  const { data: grid, isFetching } = useGridQuery(
    { date: filter.date, floorId: filter.floorId },
    { skip: !filter.floorId },
  );
  const { data: placed } = usePlacedQuery(filter.floorId!, { skip: !filter.floorId });
  // The plan shows others' bookings of the floor as they are made, within a couple of seconds.
  useLiveBookings(useMemo(() => grid?.resources.map((r) => r.id), [grid]));
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

  const items = usePlanItems({ grid, placed, width, height, range, badRange, mayBook });

  const rangeText = `${range.start}–${range.end}`;
  const pick = (id: number) => {
    const r = grid?.resources.find((x) => x.id === id);
    if (!r) return;
    setTaken(null);
    announcer.say(t('reserve.announceSelectedViewOnly', { name: r.name, range: rangeText }));
    setTarget({
      resourceId: r.id,
      resourceName: r.name,
      date: filter.date,
      startTime: range.start,
      endTime: range.end,
    });
  };
  const refuse = (id: number) => {
    const item = items.find((x) => x.id === id);
    setTaken(
      item && BOOKED.has(item.state)
        ? { resourceId: id, resourceName: item.name, date: filter.date, startTime: range.start, endTime: range.end }
        : null,
    );
    if (item)
      announcer.say(t('plan.announceNotFree', { name: item.name, range: rangeText, state: t(`state.${item.state}`) }));
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
        <PlanRangeFields range={range} bad={badRange} onChange={chooseRange} />
      </Filters>
      {badRange && <Message warning size="small" content={t('search.badRange')} />}
      <Announcement text={announcer.text} testId="reservedesk-announce" />
      <PlanLegend />
      {taken && (
        <div className="selection-bar" data-testid="plan-taken">
          <span>
            {taken.resourceName} {taken.startTime}–{taken.endTime} · {t('reserve.conflict')}
          </span>
          <WaitlistJoin target={taken} onJoined={() => setTaken(null)} />
        </div>
      )}
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
            onRefuse={mayBook ? refuse : undefined}
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
          if (target) announcer.booked(target);
          setTarget(null);
          setBooked(r);
        }}
        onRefused={(reason) => {
          if (target) announcer.refused(target, reason);
        }}
      />
      <BookedModal result={booked} onClose={() => setBooked(null)} />
    </Segment>
  );
}
