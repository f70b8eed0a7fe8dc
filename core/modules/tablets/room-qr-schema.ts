/** The room QR code and what a phone that read it may do (docs/product-rules.md R19.9). */
import { z } from 'zod';
import { EpochMs } from '../../http/answers.ts';

/**
 * What a phone read: the room and either its printed secret `s` or the short-lived `token` a door tablet shows.
 * The phone's address carries the token as `t` (a short code), but the console adds a timestamp `t` to every
 * API call, so the API names it `token`.
 */
const QrProofFields = z.object({
  room: z.coerce.number().int().positive(),
  s: z.string().min(1).max(100).optional().describe("the room's QR secret, as printed in its code"),
  token: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('the token of the QR code a door tablet shows (GET /pad/qr), valid three minutes'),
});
const oneProof = (p: { s?: string; token?: string }) => (p.s === undefined) !== (p.token === undefined);
const ONE_PROOF = { message: 'exactly one of s and token', path: ['s'] };

export const QrProof = QrProofFields.refine(oneProof, ONE_PROOF);
export type QrProof = z.infer<typeof QrProof>;

export const QrCheckIn = QrProofFields.extend({ bookingId: z.number().int().positive() }).refine(oneProof, ONE_PROOF);
export type QrCheckIn = z.infer<typeof QrCheckIn>;

/** GET /pad/qr: the address the tablet shows as a QR code, and until when it is accepted. */
export const PadQr = z.object({
  url: z.string().describe('<public url>/qr?room=<id>&t=<token>'),
  expiresAt: EpochMs.describe('the token is refused from then on; the tablet asks for a new one every minute'),
});
export type PadQr = z.infer<typeof PadQr>;

export const QrMeeting = z.object({
  id: z.number(),
  subject: z.string(),
  startAt: EpochMs,
  endAt: EpochMs,
});
export type QrMeeting = z.infer<typeof QrMeeting>;

export const QrRoom = z.object({
  room: z.object({ id: z.number(), name: z.string(), timeZone: z.string() }),
  now: EpochMs,
  checkIn: QrMeeting.nullable().describe(
    "the caller's meeting in this room (organiser or attendee, confirmed) whose check-in window is open now",
  ),
  free: z.boolean().describe('no meeting holds the room now'),
  busyUntil: EpochMs.nullable().describe('the end of the meeting holding the room now'),
  offerBooking: z.boolean().describe('padQrCodeBooking: a free room may be booked from the phone'),
  bookAt: z
    .object({ date: z.string().describe('YYYY-MM-DD'), startTime: z.string().describe('HH:mm') })
    .nullable()
    .describe(
      "with padQrCodeBooking, where a booking from the phone would start, in the room's zone: the current slot " +
        'when the room is free now, else the end of the meeting holding it; null without padQrCodeBooking',
    ),
});
export type QrRoom = z.infer<typeof QrRoom>;

export const QrRotated = z.object({
  resourceId: z.number(),
  rotatedAt: EpochMs,
  url: z.string().describe("the new address of the room's QR code; codes printed before no longer work"),
});
export type QrRotated = z.infer<typeof QrRotated>;
