/** What the room forms and filters offer to choose from, each list read whole and quietly. */
import { CHOICES } from '../../../app/endpoints.ts';
import { useGroupListQuery } from '../../sys/api.ts';
import { useDeviceListQuery, useFloorListQuery, useLocationListQuery, useResourceListQuery } from '../api.ts';

const none = [] as never[];

export function useLocationChoices(skip = false) {
  return useLocationListQuery(CHOICES, { skip }).data?.items ?? none;
}

/** The floors of a location (none without one), or every floor with `all`. */
export function useFloorChoices(locationId: number | null | undefined, all = false) {
  const { data } = useFloorListQuery(
    { ...CHOICES, locationId: locationId ?? undefined },
    { skip: !all && !locationId },
  );
  return data?.items ?? none;
}

export function useResourceChoices(filter: { floorId?: number } = {}, skip = false) {
  return useResourceListQuery({ ...CHOICES, ...filter }, { skip }).data?.items ?? none;
}

export function useDeviceChoices(skip = false) {
  return useDeviceListQuery(CHOICES, { skip }).data?.items ?? none;
}

export function useGroupChoices(skip = false) {
  return useGroupListQuery(CHOICES, { skip }).data?.items ?? none;
}
