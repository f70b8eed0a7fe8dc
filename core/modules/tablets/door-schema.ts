/** What a door tablet shows and what people do at it (docs/product-rules.md R19.5–R19.7). */
import { z } from 'zod';
import { EpochMs } from '../../http/answers.ts';
import { PadRoom } from './schema.ts';

export const PAD_STATES = ['free', 'freeUntil', 'startingSoon', 'awaitingCheckIn', 'inUse', 'busy'] as const;
export const PAD_AUTH_METHODS = ['password', 'card', 'qr', 'face'] as const;
/** The lengths a tablet offers for "book now" and "extend". */
export const PAD_MINUTES = [15, 30, 60] as const;

export const PadMeeting = z.object({
  id: z.number(),
  subject: z.string().nullable().describe("null where others' subjects are hidden"),
  organiserName: z.string(),
  startAt: EpochMs,
  endAt: EpochMs,
  state: z.string().describe('the booking lifecycle state'),
  checkedIn: z.boolean(),
  checkInFrom: EpochMs,
  checkInUntil: EpochMs,
  canCheckIn: z.boolean().describe('the check-in window is open now and the booking is confirmed'),
});
export type PadMeeting = z.infer<typeof PadMeeting>;

export const PadStatus = z.object({
  state: z.enum(PAD_STATES),
  until: EpochMs.nullable().describe('when the state changes (the next start, the end, the close of check-in)'),
  bookingId: z.number().nullable().describe('the meeting the state is about'),
});
export type PadStatus = z.infer<typeof PadStatus>;

export const PadPresence = z
  .object({
    sensor: z.enum(['on', 'off', 'always']).describe('bodySensor'),
    present: z.boolean().nullable().describe('null: unknown, or no report yet'),
    since: EpochMs.nullable(),
    keepButton: z.boolean().describe('show "keep this meeting": nobody present for keepButtonDelaySeconds'),
    keepAt: EpochMs.nullable().describe('when the keep button shows, for a tablet that does not ask again by then'),
    endsAt: EpochMs.nullable().describe('when the meeting ends unless someone comes back or presses keep'),
  })
  .nullable()
  .describe('null when no presence sensor is used (bodySensor none)');

export const PadDay = z.object({
  room: PadRoom,
  now: EpochMs,
  date: z.string().describe("today in the room's time zone, YYYY-MM-DD"),
  status: PadStatus,
  meetings: z.array(PadMeeting).describe("today's meetings holding time that have not ended, by start"),
  presence: PadPresence,
  rules: z.object({
    padBooking: z.boolean(),
    padQrCodeBooking: z.boolean(),
    authMethods: z.array(z.enum(PAD_AUTH_METHODS)),
    checkInEarlyMinutes: z.number(),
    checkInWindowMinutes: z.number(),
    passCodeLength: z.number(),
  }),
  bookNow: z
    .object({
      startAt: EpochMs,
      options: z.array(
        z.object({ minutes: z.number().nullable().describe('null: until the next booking'), endAt: EpochMs }),
      ),
    })
    .nullable()
    .describe('null when the room cannot be booked at the door now'),
});
export type PadDay = z.infer<typeof PadDay>;

const PasswordAuth = z.strictObject({
  method: z.literal('password'),
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(1000).describe('RSA-encrypted as at sign-in (GET /openapi/publicKey)'),
});
/** The person the room recognised at its card reader or face terminal in the last 30 s (R19.10), taken once. */
const RecognisedAuth = z.strictObject({ method: z.enum(['card', 'face']) });
export const PadAuth = z.union([PasswordAuth, RecognisedAuth]);
export type PadAuth = z.infer<typeof PadAuth>;

export const PadCheckIn = z.strictObject({
  bookingId: z.number().int().positive(),
  code: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'digits'),
});
export type PadCheckIn = z.infer<typeof PadCheckIn>;

const Minutes = z.union(PAD_MINUTES.map((m) => z.literal(m)) as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>]);

export const PadBookNow = z.strictObject({
  minutes: Minutes.nullable().describe('null: until the next booking (or the end of the day)'),
  subject: z.string().trim().min(1).max(100).optional(),
  auth: PadAuth,
});
export type PadBookNow = z.infer<typeof PadBookNow>;

export const PadExtend = z.strictObject({ minutes: Minutes, auth: PadAuth });
export type PadExtend = z.infer<typeof PadExtend>;

export const PadEnd = z.strictObject({ auth: PadAuth });
export type PadEnd = z.infer<typeof PadEnd>;
