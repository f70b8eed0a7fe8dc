/**
 * The booking screens follow the live stream (console/src/app/live.ts): a change of what they show refetches their
 * queries (the `Bookings` and `Approvals` tags), so the grid, the floor plan, My Booking and My Approval show another
 * person's booking, a tablet's check-in or a calendar's meeting within a couple of seconds, without a reload. Local
 * state (a selected range, an open form) is the screen's own and stays as it is.
 */
import { useEffect } from 'react';
import { followLive } from '../../app/live.ts';
import { useAppDispatch } from '../../app/store.ts';
import { centerApi } from './api.ts';

/** Follows `resourceIds` (those shown), and with `mine` the user's own bookings and approvals, while mounted. */
export function useLiveBookings(resourceIds: readonly number[] | undefined, mine = false): void {
  const dispatch = useAppDispatch();
  const key = resourceIds?.length ? [...resourceIds].sort((a, b) => a - b).join(',') : '';
  useEffect(() => {
    if (!key && !mine) return;
    return followLive({
      resourceIds: key ? key.split(',').map(Number) : [],
      mine,
      onChange: () => dispatch(centerApi.util.invalidateTags(['Bookings', 'Approvals'])),
    });
  }, [key, mine, dispatch]);
}
