/**
 * The calls of the QR code's phone page (core/modules/tablets/room-qr-routes.ts), injected into the shell's RTK
 * Query slice and typed by the server's schemas. Silent: the page says what went wrong in its own words.
 */
import type { z } from 'zod';
import type { QrCheckIn, QrProof, QrRoom } from '../../../../core/modules/tablets/room-qr-schema.ts';
import { api, dataOf } from '../../app/api.ts';

export type { QrRoom };
export type QrMeeting = NonNullable<QrRoom['checkIn']>;
export type Proof = z.input<typeof QrProof>;
export type CheckInArgs = z.input<typeof QrCheckIn>;

export const qrApi = api.injectEndpoints({
  endpoints: (build) => ({
    qrRoom: build.query<QrRoom, Proof>({
      query: (params) => ({ url: '/qr/room', params: { ...params }, silent: true }),
      transformResponse: dataOf<QrRoom>,
    }),
    qrCheckIn: build.mutation<QrRoom, CheckInArgs>({
      query: (body) => ({ url: '/qr/room/checkin', method: 'POST', body, silent: true }),
      transformResponse: dataOf<QrRoom>,
    }),
  }),
});

export const { useQrRoomQuery, useQrCheckInMutation } = qrApi;

/**
 * What the phone's address proves: `?room=&s=` (the printed code) or `?room=&t=` (a door tablet's code, sent to the
 * API as `token`: the console's own `t` is the timestamp of every call). Null when it proves nothing.
 */
export function proofOf(params: URLSearchParams): Proof | null {
  const room = Number(params.get('room'));
  if (!Number.isInteger(room) || room <= 0) return null;
  const s = params.get('s');
  const token = params.get('t');
  if (s && !token) return { room, s };
  if (token && !s) return { room, token };
  return null;
}
