/** The room QR code and what a phone that read it may do (docs/product-rules.md R19.9). */
import { z } from 'zod';
import { EpochMs } from '../../http/answers.ts';

/** What the printed code carries: the room and its secret. */
export const QrProof = z.object({
  room: z.coerce.number().int().positive(),
  s: z.string().min(1).max(100).describe("the room's QR secret, as printed in its code"),
});
export type QrProof = z.infer<typeof QrProof>;

export const QrCheckIn = QrProof.extend({ bookingId: z.number().int().positive() });
export type QrCheckIn = z.infer<typeof QrCheckIn>;

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
});
export type QrRoom = z.infer<typeof QrRoom>;

export const QrRotated = z.object({
  resourceId: z.number(),
  rotatedAt: EpochMs,
  url: z.string().describe("the new address of the room's QR code; codes printed before no longer work"),
});
export type QrRotated = z.infer<typeof QrRotated>;
