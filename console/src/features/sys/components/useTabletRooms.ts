/** The rooms a tablet may show: every resource but desks (R19.1: a desk is refused), read whole and quietly. */
import { CHOICES } from '../../../app/endpoints.ts';
import { useResourceListQuery } from '../../room/api.ts';

/** The desk type (core/modules/resources/capabilities.ts: type 1 is a desk, every other type a room). */
const DESK = 1;
const none: Array<{ id: number; name: string }> = [];

export function useTabletRooms(): Array<{ id: number; name: string }> {
  const { data } = useResourceListQuery(CHOICES);
  return data?.items.filter((r) => r.type !== DESK) ?? none;
}
