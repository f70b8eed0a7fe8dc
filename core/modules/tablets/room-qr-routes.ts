import type { Cradle } from '../../cradle.ts';
import { DEVICE, route, SIGNED_IN, type ModuleRoutes } from '../../http/route.ts';
import { PadQr, QrCheckIn, QrProof, QrRoom, QrRotated } from './room-qr-schema.ts';
import { IdParam } from './schema.ts';

/**
 * The room QR code (docs/product-rules.md R19.9): its rotation, the short-lived code a door tablet shows, and what
 * a phone that read either may do.
 */
export function roomQrRoutes({ roomQrService }: Cradle): ModuleRoutes {
  return {
    tag: 'Door tablets',
    routes: [
      route({
        method: 'post',
        path: '/sys/tablets/rooms/:id/qr/rotate',
        permission: 'tablets.manage',
        params: IdParam,
        response: QrRotated,
        summary: "Replace a room's QR secret: the codes printed before stop working at once",
        handler: ({ actor, params }) => roomQrService.rotate(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/pad/qr',
        permission: DEVICE,
        response: PadQr,
        errors: { 403: 'padAuthMethods does not offer the QR code (pad.methodOff)' },
        summary:
          'The address of the QR code the tablet shows for its room: a token valid three minutes, asked anew each minute',
        handler: ({ actor }) => roomQrService.padQr(actor),
      }),
      route({
        method: 'get',
        path: '/qr/room',
        permission: SIGNED_IN,
        query: QrProof,
        response: QrRoom,
        errors: {
          403: "the secret is not the room's current one, or the tablet's token is forged (qr.wrongSecret) or expired (qr.expired)",
        },
        summary: "The room of a QR code: the caller's meeting there that may be checked in now, and whether it is free",
        handler: ({ actor, query }) => roomQrService.room(actor, query),
      }),
      route({
        method: 'post',
        path: '/qr/room/checkin',
        permission: SIGNED_IN,
        body: QrCheckIn,
        response: QrRoom,
        errors: {
          403: 'a wrong secret or token, an expired token, a meeting of another room, or not its organiser or an attendee',
        },
        summary: "Check in to one's meeting in the room of a QR code, without its code; answers the room again",
        handler: ({ actor, body }) => roomQrService.checkIn(actor, body),
      }),
    ],
  };
}
