/** Schemas of this module's answers that only the OpenAPI document needs. */
import { z } from 'zod';
import { pageOf } from '../../http/answers.ts';
import { BOOKING_STATES } from './lifecycle.ts';
import { BookingView } from './schema.ts';

const CELL_STATES = [
  'free',
  'expired',
  'mine',
  'other',
  'disabled',
  'outside',
  'approvalMine',
  'approvalOther',
  'unavailable',
  'noReservation',
] as const;

/** A resource as the grid and the inquiry describe it. */
const ResourceHead = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  capacity: z.number(),
  locationId: z.number().nullable(),
  floorId: z.number().nullable(),
  timeZone: z.string(),
  position: z.object({ x: z.number(), y: z.number() }).nullable(),
  open: z.object({ from: z.string(), to: z.string() }).nullable().describe('opening hours that day; null when closed'),
});

const GridBooking = z.object({
  id: z.number(),
  resourceId: z.number(),
  organiserId: z.number(),
  mySelf: z.boolean(),
  subject: z.string().nullable(),
  meetingDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  state: z.enum(BOOKING_STATES),
  checkStatus: z.number(),
});

export const GridAnswer = z.object({
  date: z.string(),
  interval: z.number(),
  times: z.record(z.string(), z.array(z.string())).describe("each cell's wall-clock label, by time zone"),
  resources: z.array(
    ResourceHead.extend({
      runs: z
        .array(
          z.union([z.tuple([z.enum(CELL_STATES), z.number()]), z.tuple([z.enum(CELL_STATES), z.number(), z.number()])]),
        )
        .describe('runs of cells in one state: [state, count] or [state, count, bookingId]'),
    }),
  ),
  bookings: z.array(GridBooking),
});

export const AvailableAnswer = z.object({
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  resources: z.array(
    ResourceHead.extend({
      taken: z
        .boolean()
        .optional()
        .describe('with includeTaken only: bookings hold some of the range (its waitlist may be joined)'),
    }),
  ),
});

const Reason = z.object({
  code: z.enum([
    'seatsAll',
    'hasDevices',
    'sameFloor',
    'sameBuilding',
    'nearColleague',
    'colleagueFloor',
    'nearTeam',
    'teamFloor',
    'freeAround',
    'earliest',
  ]),
  params: z.record(z.string(), z.number()),
});

export const SuggestionsAnswer = z.object({
  date: z.string(),
  people: z.number().describe('who the room must seat: the attendees and the caller'),
  team: z
    .object({
      name: z.string().describe("the caller's department"),
      members: z.number().describe('the people of it considered (at most 200), the caller not counted'),
    })
    .optional()
    .describe('with nearTeam only'),
  suggestions: z.array(
    z.object({
      resource: ResourceHead.extend({ locationName: z.string().nullable(), floorName: z.string().nullable() }),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      score: z.number(),
      parts: z.object({
        capacityFit: z.number(),
        devices: z.number(),
        closeness: z.number(),
        freeTime: z.number(),
      }),
      reasons: z.array(Reason),
    }),
  ),
});

const Range = z.object({ startAt: z.number(), endAt: z.number(), bookingId: z.number().optional() });

const Occurrence = z.object({
  date: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  ok: z.boolean(),
  failures: z.array(z.object({ key: z.string(), msg: z.string() })),
  conflicts: z.array(Range),
});

export const QuoteAnswer = z.object({
  useCredit: z.boolean(),
  price: z
    .number()
    .describe('cents the booking would be charged (for a series, its dates together); 0 without useCredit'),
  balance: z.number().nullable().describe("the caller's balance in cents; null without useCredit"),
  enough: z.boolean().describe('the balance covers the price'),
});

export const PreviewAnswer = z.object({ occurrences: z.array(Occurrence), okCount: z.number(), quote: QuoteAnswer });

const SeriesAnswer = z.object({
  series: z.object({ id: z.number(), rrule: z.string(), firstDate: z.string(), untilDate: z.string().nullable() }),
  bookings: z.array(BookingView),
  skipped: z.array(Occurrence),
});

export const CreateAnswer = z.union([BookingView, SeriesAnswer]).describe('the booking, or the series when recurring');

export const FeedAnswer = z.object({ token: z.string(), path: z.string(), url: z.string() });

export const RevokedAnswer = z.object({ revoked: z.boolean() });

export const ModifyAnswer = z.object({ updated: z.array(BookingView), seriesId: z.number().nullable() });

export const CancelAnswer = z.object({ cancelled: z.array(BookingView) });

export const ApprovalView = z.object({
  id: z.number(),
  bookingId: z.number(),
  state: z.string(),
  reason: z.string().nullable(),
  decidedBy: z.number().nullable(),
  decidedAt: z.number().nullable(),
  createdAt: z.number(),
  booking: BookingView,
});

const LedgerEntry = z.object({
  id: z.number(),
  userId: z.number(),
  amount: z.number().describe('cents; negative for a charge'),
  balanceAfter: z.number(),
  kind: z.string(),
  bookingId: z.number().nullable(),
  note: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.number(),
});

export const RechargeAnswer = z.object({ balance: z.number(), entry: LedgerEntry });

export const LedgerAnswer = pageOf(LedgerEntry).extend({ balance: z.number() });

export const OwnCreditAnswer = LedgerAnswer.extend({
  useCredit: z.boolean().describe('whether bookings are charged (the useCredit option)'),
});

export const DeviceNamesAnswer = pageOf(z.string());
