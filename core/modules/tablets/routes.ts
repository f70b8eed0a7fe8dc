import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { DEVICE, media, PUBLIC, RawReply, route, WALL, type ModuleRoutes } from '../../http/route.ts';
import { bookingsFor, STREAM_HEADERS } from '../live/index.ts';
import { PadBookNow, PadCheckIn, PadDay, PadEnd, PadExtend } from './door-schema.ts';
import {
  IdParam,
  PadMe,
  PadRoom,
  PadSettings,
  PairInput,
  Paired,
  PairingCode,
  PairingCodeInput,
  RenameTablet,
  TabletList,
  TabletView,
} from './schema.ts';

/** A tablet's stream ends this often, so that a revoked credential is asked again (the tablet reconnects). */
const STREAM_LIFETIME_MS = 10 * 60_000;

export function tabletsRoutes({ tabletsService, doorService, liveStream, dashboardLiveService }: Cradle): ModuleRoutes {
  /** A device's stream of the booking changes of `ids`, with no user's eyes: others' subjects as shown to all. */
  const deviceStream = async (ids: number[], last: string | string[] | undefined) => {
    const body = await liveStream.subscribe({
      select: bookingsFor(0, ids),
      lastEventId: Array.isArray(last) ? last[0] : last,
      hello: { resourceIds: ids },
      lifetimeMs: STREAM_LIFETIME_MS,
    });
    return new RawReply(body, 'text/event-stream', { headers: STREAM_HEADERS });
  };
  return {
    tag: 'Door tablets',
    routes: [
      route({
        method: 'get',
        path: '/sys/tablets',
        permission: 'tablets.view',
        query: TabletList,
        response: pageOf(TabletView),
        summary: 'Door tablets, paged: room, online (seen in the last two minutes), last seen, app version, screen',
        handler: ({ query }) => tabletsService.list(query),
      }),
      route({
        method: 'post',
        path: '/sys/tablets/pairing',
        permission: 'tablets.manage',
        body: PairingCodeInput,
        response: PairingCode,
        summary:
          'A one-time pairing code for a room or the wall screen (8 digits, 10 minutes, single use), answered only here',
        handler: ({ actor, body }) => tabletsService.createPairingCode(actor, body),
      }),
      route({
        method: 'put',
        path: '/sys/tablets/:id',
        permission: 'tablets.manage',
        params: IdParam,
        body: RenameTablet,
        response: TabletView,
        summary: 'Rename a tablet',
        handler: ({ actor, params, body }) => tabletsService.rename(actor, params.id, body.name),
      }),
      route({
        method: 'post',
        path: '/sys/tablets/:id/revoke',
        permission: 'tablets.manage',
        params: IdParam,
        response: TabletView,
        summary: "Revoke a tablet's credential: its next call is refused and it shows the pairing screen",
        handler: ({ actor, params }) => tabletsService.revoke(actor, params.id),
      }),
      route({
        method: 'post',
        path: '/sys/tablets/:id/repair',
        permission: 'tablets.manage',
        params: IdParam,
        response: PairingCode,
        summary: 'Re-pair a tablet: its credential is revoked and a new code pairs it again (name and room kept)',
        handler: ({ actor, params }) => tabletsService.repair(actor, params.id),
      }),
      route({
        method: 'post',
        path: '/sys/tablets/:id/reload',
        permission: 'tablets.manage',
        params: IdParam,
        response: TabletView,
        summary: 'Ask a tablet to reload its screen',
        handler: ({ actor, params }) => tabletsService.reload(actor, params.id),
      }),
      route({
        method: 'post',
        path: '/pad/pair',
        permission: PUBLIC,
        body: PairInput,
        response: Paired,
        summary:
          'Pair a tablet or a wall screen with a pairing code: answers the device credential (once), the room or panel',
        handler: ({ body, lang, ip }) => tabletsService.pair(body, { lang, ip }),
      }),
      route({
        method: 'get',
        path: '/pad/me',
        permission: [DEVICE, WALL],
        response: PadMe,
        summary: "The tablet's room, name and language, and whether it should reload",
        handler: ({ actor }) => tabletsService.me(actor),
      }),
      route({
        method: 'put',
        path: '/pad/me',
        permission: [DEVICE, WALL],
        body: PadSettings,
        response: PadMe,
        summary: "Change the tablet's language or screen size",
        handler: ({ actor, body }) => tabletsService.updateMe(actor, body),
      }),
      route({
        method: 'post',
        path: '/pad/me/reloaded',
        permission: [DEVICE, WALL],
        response: PadMe,
        summary: 'The tablet has reloaded as asked',
        handler: ({ actor }) => tabletsService.reloaded(actor),
      }),
      route({
        method: 'get',
        path: '/pad/rooms/:id',
        permission: DEVICE,
        params: IdParam,
        response: PadRoom,
        summary: "The tablet's room (any other room is refused)",
        handler: ({ actor, params }) => tabletsService.room(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/pad/day',
        permission: DEVICE,
        response: PadDay,
        summary: "The tablet's room today: its state now, the remaining meetings, and what may be done at the door",
        handler: ({ actor }) => doorService.day(actor),
      }),
      route({
        method: 'post',
        path: '/pad/checkin',
        permission: DEVICE,
        body: PadCheckIn,
        response: PadDay,
        errors: { 429: 'too many wrong codes on this tablet: the answer says how many seconds to wait' },
        summary: "Check in to a meeting of the tablet's room with its check-in code; answers the day",
        handler: ({ actor, body }) => doorService.checkIn(actor, body),
      }),
      route({
        method: 'post',
        path: '/pad/book-now',
        permission: DEVICE,
        body: PadBookNow,
        response: PadDay,
        errors: { 429: 'too many wrong passwords for this name' },
        summary: 'Book the room from now, as the person who authenticates at the tablet (padBooking)',
        handler: ({ actor, body }) => doorService.bookNow(actor, body),
      }),
      route({
        method: 'post',
        path: '/pad/bookings/:id/extend',
        permission: DEVICE,
        params: IdParam,
        body: PadExtend,
        response: PadDay,
        errors: { 429: 'too many wrong passwords for this name' },
        summary: 'Extend the meeting by 15, 30 or 60 minutes, by its organiser or an attendee authenticated here',
        handler: ({ actor, params, body }) => doorService.extend(actor, params.id, body.minutes, body.auth),
      }),
      route({
        method: 'post',
        path: '/pad/bookings/:id/end',
        permission: DEVICE,
        params: IdParam,
        body: PadEnd,
        response: PadDay,
        errors: { 429: 'too many wrong passwords for this name' },
        summary: 'End the meeting now and free the rest of its time, by its organiser or an attendee',
        handler: ({ actor, params, body }) => doorService.end(actor, params.id, body.auth),
      }),
      route({
        method: 'post',
        path: '/pad/bookings/:id/keep',
        permission: DEVICE,
        params: IdParam,
        response: PadDay,
        summary: 'Keep the meeting under way: nobody present, someone at the door presses "keep this meeting"',
        handler: ({ actor, params }) => doorService.keep(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/pad/stream',
        permission: DEVICE,
        summary: "Live stream (Server-Sent Events) of the booking changes of the tablet's room",
        description:
          'As GET /live/bookings for the one room (subjects as a bystander sees them). The stream ends every ten ' +
          'minutes so that a revoked credential is refused at the reconnect; reconnect with Last-Event-ID.',
        response: media('The event stream', 'text/event-stream'),
        handler: async ({ actor, headers }) => {
          const { room } = await tabletsService.me(actor);
          return deviceStream(room ? [room.id] : [], headers['last-event-id']);
        },
      }),
      route({
        method: 'get',
        path: '/pad/wall/stream',
        permission: WALL,
        summary: 'Live stream (Server-Sent Events) of the booking changes of the rooms the wall screen shows',
        description:
          "As GET /pad/stream for the wall's rooms (its panel's place, every panel's, or every place; subjects as " +
          'the wall shows them), followed as they are when the stream opens. It ends every ten minutes so that a ' +
          'revoked credential is refused at the reconnect; reconnect with Last-Event-ID (docs/product-rules.md R19.12).',
        response: media('The event stream', 'text/event-stream'),
        handler: async ({ actor, headers }) =>
          deviceStream(await dashboardLiveService.wallResourceIds(actor), headers['last-event-id']),
      }),
    ],
  };
}
