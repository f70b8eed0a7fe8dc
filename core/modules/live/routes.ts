/** The live stream's route: Server-Sent Events of booking changes (docs/architecture.md A8.6). */
import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { NotFoundError } from '../../errors.ts';
import { QueryBool } from '../../http/validate.ts';
import { media, RawReply, route, type ModuleRoutes } from '../../http/route.ts';
import { bookingsFor } from './bookings.ts';

/** Resources one stream may follow at most (a whole grid of a large site). */
export const MAX_FOLLOWED = 1000;

export const LiveBookingsQuery = z
  .object({
    resourceIds: z
      .string()
      .regex(/^\d{1,10}(,\d{1,10})*$/, 'resource ids separated by commas')
      .transform((s) => [...new Set(s.split(',').map(Number))])
      .pipe(z.array(z.number().int().positive()).min(1).max(MAX_FOLLOWED))
      .optional(),
    mine: QueryBool.optional().describe("also the caller's own bookings and those awaiting their approval"),
  })
  .refine((q) => q.resourceIds || q.mine, { message: 'resourceIds or mine=true', path: ['resourceIds'] });

/** What a stream answers besides its frames: proxies must neither buffer nor transform it. */
export const STREAM_HEADERS = {
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
  Connection: 'keep-alive',
};

export function liveRoutes({ liveStream, liveBookingsService, config }: Cradle): ModuleRoutes {
  return {
    tag: 'Live',
    routes: [
      route({
        method: 'get',
        path: '/live/bookings',
        permission: 'bookings.viewGrid',
        query: LiveBookingsQuery,
        summary: 'Live stream (Server-Sent Events) of the booking changes on the given resources',
        description:
          'Opens with `ready` (`{ resourceIds }`: those of the asked resources the caller may follow; a resource ' +
          'restricted to user groups the caller is outside of is left out) and sends each booking change on them as ' +
          '`id: <change id>`, `event: booking.created|updated|cancelled|...`, `data: { booking }` as the grid shows ' +
          'it (the subject hidden unless the caller organises the booking or others\u2019 subjects are shown), and ' +
          '`booking.left` (`{ booking: { id, resourceId } }`) when a booking moved to another resource. A heartbeat ' +
          'comment comes every 15 s. Reconnecting with `Last-Event-ID` replays what was missed; when that id is ' +
          'no longer kept (changeRetentionDays) the stream sends `reset`: refetch, then follow. 429 when the ' +
          'server holds as many streams as it admits. The stream ends after an access token\u2019s lifetime; ' +
          'reconnect with a current token and the Last-Event-ID.',
        response: media('The event stream', 'text/event-stream'),
        handler: async ({ actor, query, headers }) => {
          const resourceIds = await liveBookingsService.followable(actor, query.resourceIds ?? []);
          if (resourceIds.length === 0 && !query.mine) throw new NotFoundError('live.noResources');
          const mine = query.mine ? { approving: await liveBookingsService.approving(actor) } : undefined;
          const last = headers['last-event-id'];
          const body = await liveStream.subscribe({
            select: bookingsFor(actor.userId, resourceIds, mine),
            lastEventId: Array.isArray(last) ? last[0] : last,
            hello: { resourceIds },
            // Within an access token's life, a signed-out or disabled user stops receiving.
            lifetimeMs: config.accessTokenTtlSeconds * 1000,
          });
          return new RawReply(body, 'text/event-stream', { headers: STREAM_HEADERS });
        },
      }),
    ],
  };
}
