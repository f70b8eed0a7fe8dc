/** The booking centre's server calls, injected into the shell's RTK Query slice. */
import { api } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import { expandGrid, type GridWire } from './grid-wire.ts';
import type {
  Approval,
  Booking,
  BookingInput,
  Contact,
  Floor,
  Grid,
  GridResource,
  Occurrence,
  Page,
  Place,
  PlacedResource,
  Scope,
  SeriesAnswer,
} from './types.ts';

const data = <T>(b: Envelope) => b.data as T;

export interface GridArgs {
  date: string;
  type?: number;
  locationId?: number;
  floorId?: number;
  capacity?: number;
}

export interface AvailableArgs extends GridArgs {
  startTime: string;
  endTime: string;
  deviceIds?: string;
}

export const centerApi = api.enhanceEndpoints({ addTagTypes: ['Bookings', 'Approvals'] }).injectEndpoints({
  endpoints: (build) => ({
    grid: build.query<Grid, GridArgs>({
      query: (params) => ({ url: '/bookings/grid', params: { ...params } }),
      transformResponse: (b: Envelope) => expandGrid(data<GridWire>(b)),
      providesTags: ['Bookings'],
    }),
    available: build.query<{ resources: Omit<GridResource, 'cells'>[] }, AvailableArgs>({
      query: (params) => ({ url: '/bookings/available', params: { ...params } }),
      transformResponse: data<{ resources: Omit<GridResource, 'cells'>[] }>,
      providesTags: ['Bookings'],
    }),
    myBookings: build.query<Page<Booking>, { scope: 'upcoming' | 'past' | 'all'; page?: number; pageSize?: number }>({
      query: (params) => ({ url: '/bookings', params: { ...params } }),
      transformResponse: data<Page<Booking>>,
      providesTags: ['Bookings'],
    }),
    booking: build.query<Booking, number>({
      query: (id) => ({ url: `/bookings/${id}` }),
      transformResponse: data<Booking>,
      providesTags: ['Bookings'],
    }),
    createBooking: build.mutation<Booking | SeriesAnswer, BookingInput>({
      query: (body) => ({ url: '/bookings', method: 'POST', body }),
      transformResponse: data<Booking | SeriesAnswer>,
      invalidatesTags: ['Bookings', 'Approvals'],
    }),
    previewBooking: build.mutation<{ occurrences: Occurrence[]; okCount: number }, BookingInput>({
      query: (body) => ({ url: '/bookings/preview', method: 'POST', body }),
      transformResponse: data<{ occurrences: Occurrence[]; okCount: number }>,
    }),
    modifyBooking: build.mutation<Booking, { id: number; body: Partial<BookingInput> & { scope: Scope } }>({
      query: ({ id, body }) => ({ url: `/bookings/${id}`, method: 'PUT', body }),
      transformResponse: data<Booking>,
      invalidatesTags: ['Bookings'],
    }),
    cancelBooking: build.mutation<unknown, { id: number; reason: string; scope: Scope }>({
      query: ({ id, ...body }) => ({ url: `/bookings/${id}/cancel`, method: 'POST', body }),
      invalidatesTags: ['Bookings', 'Approvals'],
    }),
    checkIn: build.mutation<unknown, { id: number; code: string }>({
      query: ({ id, code }) => ({ url: `/bookings/${id}/checkin`, method: 'POST', body: { code } }),
      invalidatesTags: ['Bookings'],
    }),
    checkOut: build.mutation<unknown, number>({
      query: (id) => ({ url: `/bookings/${id}/checkout`, method: 'POST', body: {} }),
      invalidatesTags: ['Bookings'],
    }),
    feed: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/bookings/feed', method: 'POST', body: {} }),
      transformResponse: data<{ url: string }>,
    }),
    approvals: build.query<Page<Approval>, { scope: 'pending' | 'decided' }>({
      query: (params) => ({ url: '/approvals', params: { ...params, pageSize: 100 } }),
      transformResponse: data<Page<Approval>>,
      providesTags: ['Approvals'],
    }),
    decide: build.mutation<unknown, { id: number; action: 'approve' | 'deny' | 'revoke'; reason?: string }>({
      query: ({ id, action, reason }) => ({
        url: `/approvals/${id}/${action}`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: ['Approvals', 'Bookings'],
    }),
    locations: build.query<Place[], void>({
      query: () => ({ url: '/room/locations', params: { pageSize: 500 } }),
      transformResponse: (b: Envelope) => data<Page<Place>>(b).items,
    }),
    floors: build.query<Floor[], number | undefined>({
      query: (locationId) => ({ url: '/room/floors', params: { pageSize: 500, locationId } }),
      transformResponse: (b: Envelope) => data<Page<Floor>>(b).items,
    }),
    contacts: build.query<Contact[], string>({
      query: (q) => ({ url: '/contacts/', params: { q: q || undefined, limit: 50 }, silent: true }),
      transformResponse: data<Contact[]>,
    }),
    /** Positions of a floor's resources; staff without resource rights get none (the plan lays them out itself). */
    placed: build.query<PlacedResource[], number>({
      async queryFn(floorId, bq, _extra, fetch) {
        const out: PlacedResource[] = [];
        for (let page = 1; page <= 20; page++) {
          const r = await fetch({ url: '/room/resources', params: { floorId, page, pageSize: 500 }, silent: true });
          if (r.error) return page === 1 ? { data: [] } : { data: out };
          const p = data<Page<PlacedResource>>(r.data as Envelope);
          out.push(...p.items);
          if (out.length >= p.total || p.items.length === 0) break;
        }
        return { data: out };
      },
    }),
  }),
});

export const {
  useGridQuery,
  useAvailableQuery,
  useMyBookingsQuery,
  useBookingQuery,
  useCreateBookingMutation,
  usePreviewBookingMutation,
  useModifyBookingMutation,
  useCancelBookingMutation,
  useCheckInMutation,
  useCheckOutMutation,
  useFeedMutation,
  useApprovalsQuery,
  useDecideMutation,
  useLocationsQuery,
  useFloorsQuery,
  useContactsQuery,
  usePlacedQuery,
} = centerApi;
