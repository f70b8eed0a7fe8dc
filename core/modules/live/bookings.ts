/**
 * The bookings feed of the live stream: each booking change as the grid shows it (docs/product-rules.md R12.4:
 * the resource, times and state; the subject only to its organiser or where `showOthersSubject` shows others'
 * subjects; never codes, phones, remarks or attendees), chosen per client by the resources it follows.
 */
import type { Cradle } from '../../cradle.ts';
import type { BookingSnapshot } from '../../event-types.ts';
import type { Change } from '../changes/index.ts';
import type { LiveFrame } from './stream.ts';

/** What a client may learn of a booking besides its subject. */
const SHOWN = [
  'id',
  'resourceId',
  'organiserId',
  'meetingDate',
  'startTime',
  'endTime',
  'wholeDay',
  'startAt',
  'endAt',
  'timeZone',
  'state',
  'checkStatus',
  'seriesId',
] as const;

/** A booking on the stream; the subject is null where others' subjects are hidden and the client is not its organiser. */
export type LiveBookingView = Pick<BookingSnapshot, (typeof SHOWN)[number]> & { subject: string | null };

/** One booking change, its data prepared once for every client. */
export interface BookingItem {
  /** The change's id. */
  id: number;
  event: string;
  bookingId: number;
  resourceId: number;
  organiserId: number;
  /** The resource the booking was on before this change, when the change moved it. */
  movedFrom: number | null;
  /** The data with the subject, and without it (the same text when others' subjects are shown). */
  shown: string;
  hidden: string;
}

/** Sent to a client following the resource a booking moved away from: the booking is no longer there. */
export const LEFT = 'booking.left';

const view = (b: BookingSnapshot, subject: string | null) =>
  ({ ...Object.fromEntries(SHOWN.map((k) => [k, b[k]])), subject }) as LiveBookingView;

type BookingChange = Extract<Change, { payload: { booking: BookingSnapshot } }>;
const isBookingChange = (c: Change): c is BookingChange => 'booking' in c.payload && c.name !== 'booking.reminder';

/** The feed: the booking changes of a batch, with where a changed booking was before. */
export function bookingFeed(c: Pick<Cradle, 'paramsService' | 'changeLog'>) {
  return async (changes: readonly Change[]): Promise<BookingItem[]> => {
    const bookings = changes.filter(isBookingChange);
    if (bookings.length === 0) return [];
    const showOthers = Boolean(await c.paramsService.get<boolean>('showOthersSubject'));
    // Where each booking was before this batch (one query), then as the batch moves it.
    const updated = bookings.filter((b) => b.name === 'booking.updated').map((b) => b.payload.booking.id);
    const earlier = await c.changeLog.latestBefore(updated, bookings[0]!.id);
    const was = new Map<number, number>();
    for (const [id, change] of earlier) if ('booking' in change.payload) was.set(id, change.payload.booking.resourceId);
    const items: BookingItem[] = [];
    for (const change of bookings) {
      const b = change.payload.booking;
      const before = was.get(b.id);
      const movedFrom =
        change.name === 'booking.updated' && before !== undefined && before !== b.resourceId ? before : null;
      was.set(b.id, b.resourceId);
      const shown = JSON.stringify({ booking: view(b, b.subject) });
      items.push({
        id: change.id,
        event: change.name,
        bookingId: b.id,
        resourceId: b.resourceId,
        organiserId: b.organiserId,
        movedFrom,
        shown,
        hidden: showOthers ? shown : JSON.stringify({ booking: view(b, null) }),
      });
    }
    return items;
  };
}

/**
 * What a user following `resourceIds` receives of each item; with `mine`, also every change of a booking they
 * organise wherever it is, and of the bookings on the resources they approve (`approving`): My Booking and My
 * Approval follow those.
 */
export function bookingsFor(
  userId: number,
  resourceIds: readonly number[],
  mine?: { approving: readonly number[] },
): (item: BookingItem) => LiveFrame | null {
  const following = new Set(resourceIds);
  const approving = new Set(mine?.approving ?? []);
  return (item) => {
    if (following.has(item.resourceId) || (mine && (item.organiserId === userId || approving.has(item.resourceId))))
      return { event: item.event, data: item.organiserId === userId ? item.shown : item.hidden };
    if (item.movedFrom !== null && following.has(item.movedFrom))
      return { event: LEFT, data: JSON.stringify({ booking: { id: item.bookingId, resourceId: item.movedFrom } }) };
    return null;
  };
}
