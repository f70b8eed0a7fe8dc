import { useEffect, useState } from 'react';
import { useFloorsQuery, useGridQuery, useLocationsQuery } from '../api.ts';
import { today } from './dates.ts';
import type { FilterValue } from './Filters.tsx';

/**
 * The date, location and floor Book by floor plan shows: today, the first location, and its first floor that has
 * desks (else its first floor) until the user chooses others.
 */
export function usePlanFloor() {
  const { data: locations } = useLocationsQuery();
  const [filter, setFilter] = useState<FilterValue>({ date: today() });
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
  return { filter, setFilter, floor: floors.find((f) => f.id === filter.floorId) };
}
