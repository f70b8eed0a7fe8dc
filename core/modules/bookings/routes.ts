import type { Cradle } from '../../cradle.ts';
import { JsonData, PUBLIC, RawReply, route, SIGNED_IN, type ModuleRoutes } from '../../http/route.ts';
import {
  ApprovalsQuery,
  AvailableQuery,
  BookingView,
  CancelBooking,
  CheckIn,
  CreateBooking,
  Decision,
  ExtendBooking,
  FeedParam,
  GridQuery,
  IdParam,
  LedgerQuery,
  ModifyBooking,
  MyBookingsQuery,
  Passcode,
  Recharge,
} from './schema.ts';
import type { z } from 'zod';

const RESERVE = [
  'center:reserve:reserve',
  'center:reservedesk:reserve',
  'center:search:reserve',
  'center:searchdesk:reserve',
  'center:recurring:circle',
];
const VIEW = [
  'center:reserve:view',
  'center:reservedesk:view',
  'center:search:view',
  'center:searchdesk:view',
  'center:meeting:view',
  'center:mydesk:view',
];
const UPDATE = ['center:reserve:update', 'center:meeting:update', 'center:recurring:update'];
const CANCEL = ['center:reserve:cancel', 'center:meeting:cancel', 'center:mydesk:cancel', 'center:recurring:cancel'];
const MINE = ['center:meeting:view', 'center:mydesk:view', 'center:reserve:view'];

type Id = z.infer<typeof IdParam>;

export function bookingsRoutes({
  bookingsService: s,
  approvalsService: a,
  creditsService: c,
  bookingFeedService: f,
  config,
}: Cradle): ModuleRoutes {
  return {
    tag: 'Bookings',
    routes: [
      route<undefined, GridQuery>({
        method: 'get',
        path: '/bookings/grid',
        permission: VIEW,
        query: GridQuery,
        summary:
          "Room-status grid of a date: each resource's cells as the caller sees them, as runs of one state (`[state, count, bookingId?]`), with each zone's cell labels once in `times`",
        handler: async ({ actor, query }) => new JsonData(await s.grid(actor, query)),
      }),
      route<undefined, AvailableQuery>({
        method: 'get',
        path: '/bookings/available',
        permission: VIEW,
        query: AvailableQuery,
        summary: 'Room / desk inquiry: resources free for a date and time range',
        handler: ({ actor, query }) => s.available(actor, query),
      }),
      route<undefined, MyBookingsQuery>({
        method: 'get',
        path: '/bookings',
        permission: MINE,
        query: MyBookingsQuery,
        summary: 'My bookings (organiser or attendee), upcoming or past',
        handler: ({ actor, query }) => s.mine(actor, query),
      }),
      route<CreateBooking>({
        method: 'post',
        path: '/bookings/preview',
        permission: RESERVE,
        body: CreateBooking,
        summary: 'Every occurrence of a recurring booking with its conflicts and rule refusals',
        handler: ({ actor, body }) => s.preview(actor, body),
      }),
      route({
        method: 'post',
        path: '/bookings/feed',
        permission: SIGNED_IN,
        summary: 'Create or rotate the private calendar feed URL (on the configured public address, ATRIUM_PUBLIC_URL)',
        // Never from the Host header: a client that chose it could have the URL, with its token, point elsewhere.
        handler: async ({ actor }) => {
          const { token } = await f.rotate(actor);
          const path = `${config.apiPrefix}/bookings/feed/${token}.ics`;
          return { token, path, url: `${config.publicUrl}${path}` };
        },
      }),
      route<undefined, undefined, z.infer<typeof FeedParam>>({
        method: 'get',
        path: '/bookings/feed/:token.ics',
        permission: PUBLIC,
        params: FeedParam,
        summary: 'Private calendar feed (the token is the credential)',
        handler: async ({ params }) => new RawReply(await f.feed(params.token), 'text/calendar; charset=utf-8'),
      }),
      route<CreateBooking>({
        method: 'post',
        path: '/bookings',
        permission: RESERVE,
        body: CreateBooking,
        summary: 'Book a resource (optionally recurring)',
        handler: ({ actor, body }) => s.create(actor, body),
      }),
      route<undefined, undefined, Id>({
        method: 'get',
        path: '/bookings/:id',
        permission: [...VIEW, SIGNED_IN],
        params: IdParam,
        response: BookingView,
        summary: 'One booking',
        handler: ({ actor, params }) => s.get(actor, params.id),
      }),
      route<undefined, undefined, Id>({
        method: 'get',
        path: '/bookings/:id/ics',
        permission: SIGNED_IN,
        params: IdParam,
        summary: 'The booking as an iCalendar file',
        handler: async ({ actor, params }) =>
          new RawReply(await f.bookingIcs(actor, params.id), 'text/calendar; charset=utf-8', {
            filename: `booking-${params.id}.ics`,
          }),
      }),
      route<ModifyBooking, undefined, Id>({
        method: 'put',
        path: '/bookings/:id',
        permission: UPDATE,
        params: IdParam,
        body: ModifyBooking,
        summary: 'Modify a booking (one, following or the series)',
        handler: ({ actor, params, body }) => s.modify(actor, params.id, body),
      }),
      route<ExtendBooking, undefined, Id>({
        method: 'post',
        path: '/bookings/:id/extend',
        permission: UPDATE,
        params: IdParam,
        body: ExtendBooking,
        response: BookingView,
        summary: 'Extend a booking (also one under way) by minutes: its end moves, under the rules of a change',
        handler: ({ actor, params, body }) => s.extend(actor, params.id, body.minutes),
      }),
      route<CancelBooking, undefined, Id>({
        method: 'post',
        path: '/bookings/:id/cancel',
        permission: CANCEL,
        params: IdParam,
        body: CancelBooking,
        summary: 'Cancel with a reason (one, following or the series)',
        handler: ({ actor, params, body }) => s.cancel(actor, params.id, body),
      }),
      route<z.infer<typeof CheckIn>, undefined, Id>({
        method: 'post',
        path: '/bookings/:id/checkin',
        permission: SIGNED_IN,
        params: IdParam,
        body: CheckIn,
        summary: 'Check in with the code',
        handler: ({ actor, params, body }) => s.checkIn(actor, params.id, body.code),
      }),
      route<undefined, undefined, Id>({
        method: 'post',
        path: '/bookings/:id/checkout',
        permission: SIGNED_IN,
        params: IdParam,
        summary: 'End the meeting now and free the rest of its time',
        handler: ({ actor, params }) => s.checkOut(actor, params.id),
      }),
      route<z.infer<typeof Passcode>, undefined, Id>({
        method: 'put',
        path: '/bookings/:id/passcode',
        permission: SIGNED_IN,
        params: IdParam,
        body: Passcode,
        summary: 'Change the check-in code (where passcodeUpdatable)',
        handler: ({ actor, params, body }) => s.setPasscode(actor, params.id, body.code),
      }),
      route<undefined, ApprovalsQuery>({
        method: 'get',
        path: '/approvals',
        permission: 'center:approve:view',
        query: ApprovalsQuery,
        summary: 'My approvals: pending or decided',
        handler: ({ actor, query }) => a.list(actor, query),
      }),
      route<z.infer<typeof Decision>, undefined, Id>({
        method: 'post',
        path: '/approvals/:id/approve',
        permission: 'center:approve:approve',
        params: IdParam,
        body: Decision,
        summary: 'Approve a pending booking',
        handler: ({ actor, params, body }) => a.approve(actor, params.id, body.reason),
      }),
      route<z.infer<typeof Decision>, undefined, Id>({
        method: 'post',
        path: '/approvals/:id/deny',
        permission: 'center:approve:approve',
        params: IdParam,
        body: Decision,
        summary: 'Deny a pending booking (frees its time)',
        handler: ({ actor, params, body }) => a.deny(actor, params.id, body.reason),
      }),
      route<z.infer<typeof Decision>, undefined, Id>({
        method: 'post',
        path: '/approvals/:id/revoke',
        permission: SIGNED_IN,
        params: IdParam,
        body: Decision,
        summary: 'The organiser withdraws a pending booking',
        handler: ({ actor, params, body }) => a.revoke(actor, params.id, body.reason),
      }),
      route<z.infer<typeof Recharge>, undefined, Id>({
        method: 'post',
        path: '/sys/users/:id/recharge',
        permission: 'sys:admin:recharge',
        params: IdParam,
        body: Recharge,
        summary: "Add credit (cents) to a user's balance",
        handler: ({ actor, params, body }) => c.recharge(actor, params.id, body),
      }),
      route<undefined, z.infer<typeof LedgerQuery>, Id>({
        method: 'get',
        path: '/sys/users/:id/ledger',
        permission: ['sys:admin:recharge', 'sys:admin:view'],
        params: IdParam,
        query: LedgerQuery,
        summary: "A user's credit balance and movements",
        handler: ({ params, query }) => c.ledger(params.id, query),
      }),
    ],
  };
}
