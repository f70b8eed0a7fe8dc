/**
 * The booking centre's server calls (core/modules/bookings, the places it books and the signed-in user),
 * injected into the shell's RTK Query slice and typed by the server's own schemas and services.
 */
import type { z } from 'zod';
import type { ApprovalView } from '../../../../core/modules/bookings/approvals.ts';
import type { SeriesResult } from '../../../../core/modules/bookings/recurrence.ts';
import type {
  AvailableQuery,
  BookingView,
  CancelBooking,
  CreateBooking,
  GridQuery,
  ModifyBooking,
  MyBookingsQuery,
  OuterAttendee,
  Recurrence,
} from '../../../../core/modules/bookings/schema.ts';
import type { BookingsService } from '../../../../core/modules/bookings/service.ts';
import type { FloorView, LocationView } from '../../../../core/modules/locations/schema.ts';
import type { ResourceView } from '../../../../core/modules/resources/schema.ts';
import type { UserView } from '../../../../core/modules/users/schema.ts';
import { api, dataOf } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import type { Page } from '../../components/crud/index.ts';
import { expandGrid, type Grid, type GridWire } from './grid-wire.ts';

export type { Grid, GridResource } from './grid-wire.ts';
export type Booking = BookingView;
export type BookingInput = z.input<typeof CreateBooking>;
export type { Recurrence };
export type Attendee = z.infer<typeof OuterAttendee>;
/** One date of a series as the preview and the skipped list describe it. */
export type Occurrence = SeriesResult['skipped'][number];
export type SeriesAnswer = SeriesResult;
export type Approval = ApprovalView;
/** Which occurrences of a series a change or a cancellation takes. */
export type Scope = z.output<typeof ModifyBooking>['scope'];
export type Available = Awaited<ReturnType<BookingsService['available']>>;
export type Preview = Awaited<ReturnType<BookingsService['preview']>>;
/** The signed-in user as GET /sys/user/info answers (core/modules/auth/routes.ts). */
export type SignedInUser = Pick<UserView, 'id' | 'username' | 'realName' | 'employeeNo' | 'email' | 'phone'>;

/** Query arguments as the query string carries them (numbers, not the strings the server coerces). */
export type GridArgs = z.input<typeof GridQuery>;
export type AvailableArgs = z.input<typeof AvailableQuery>;
type MyBookingsArgs = Pick<z.input<typeof MyBookingsQuery>, 'scope' | 'page' | 'pageSize'>;

export const centerApi = api.enhanceEndpoints({ addTagTypes: ['Bookings', 'Approvals'] }).injectEndpoints({
  endpoints: (build) => ({
    grid: build.query<Grid, GridArgs>({
      query: (params) => ({ url: '/bookings/grid', params: { ...params } }),
      transformResponse: (b: Envelope) => expandGrid(dataOf<GridWire>(b)),
      providesTags: ['Bookings'],
    }),
    available: build.query<Available, AvailableArgs>({
      query: (params) => ({ url: '/bookings/available', params: { ...params } }),
      transformResponse: dataOf<Available>,
      providesTags: ['Bookings'],
    }),
    myBookings: build.query<Page<Booking>, MyBookingsArgs>({
      query: (params) => ({ url: '/bookings', params: { ...params } }),
      transformResponse: dataOf<Page<Booking>>,
      providesTags: ['Bookings'],
    }),
    booking: build.query<Booking, number>({
      query: (id) => ({ url: `/bookings/${id}` }),
      transformResponse: dataOf<Booking>,
      providesTags: ['Bookings'],
    }),
    createBooking: build.mutation<Booking | SeriesAnswer, BookingInput>({
      query: (body) => ({ url: '/bookings', method: 'POST', body }),
      transformResponse: dataOf<Booking | SeriesAnswer>,
      invalidatesTags: ['Bookings', 'Approvals'],
    }),
    previewBooking: build.mutation<Preview, BookingInput>({
      query: (body) => ({ url: '/bookings/preview', method: 'POST', body }),
      transformResponse: dataOf<Preview>,
    }),
    modifyBooking: build.mutation<Booking, { id: number; body: z.input<typeof ModifyBooking> }>({
      query: ({ id, body }) => ({ url: `/bookings/${id}`, method: 'PUT', body }),
      transformResponse: dataOf<Booking>,
      invalidatesTags: ['Bookings'],
    }),
    cancelBooking: build.mutation<unknown, { id: number } & z.input<typeof CancelBooking>>({
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
      transformResponse: dataOf<{ url: string }>,
    }),
    approvals: build.query<Page<Approval>, { scope: 'pending' | 'decided' }>({
      query: (params) => ({ url: '/approvals', params: { ...params, pageSize: 100 } }),
      transformResponse: dataOf<Page<Approval>>,
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
    locations: build.query<LocationView[], void>({
      query: () => ({ url: '/room/locations', params: { pageSize: 500 } }),
      transformResponse: (b: Envelope) => dataOf<Page<LocationView>>(b).items,
    }),
    floors: build.query<FloorView[], number | undefined>({
      query: (locationId) => ({ url: '/room/floors', params: { pageSize: 500, locationId } }),
      transformResponse: (b: Envelope) => dataOf<Page<FloorView>>(b).items,
    }),
    /** Positions of a floor's resources; staff without resource rights get none (the plan lays them out itself). */
    placed: build.query<Array<Pick<ResourceView, 'id' | 'position'>>, number>({
      async queryFn(floorId, _api, _extra, fetch) {
        const out: Array<Pick<ResourceView, 'id' | 'position'>> = [];
        for (let page = 1; page <= 20; page++) {
          const r = await fetch({ url: '/room/resources', params: { floorId, page, pageSize: 500 }, silent: true });
          if (r.error) return page === 1 ? { data: [] } : { data: out };
          const p = dataOf<Page<ResourceView>>(r.data as Envelope);
          out.push(...p.items.map(({ id, position }) => ({ id, position })));
          if (out.length >= p.total || p.items.length === 0) break;
        }
        return { data: out };
      },
    }),
    /**
     * Who is signed in: the booking form starts the employee ID from their employee number. Asked by username, so
     * an answer kept for one user is never another's after a sign-out without a reload.
     */
    signedInUser: build.query<SignedInUser, string>({
      query: () => ({ url: '/sys/user/info', silent: true }),
      transformResponse: dataOf<SignedInUser>,
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
  usePlacedQuery,
  useSignedInUserQuery,
} = centerApi;
