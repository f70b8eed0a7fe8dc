import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { NO_DATA, route, type ModuleRoutes } from '../../http/route.ts';
import { EntryView, IdParam, JoinInput, WaitlistQuery } from './schema.ts';

/**
 * The waitlist (docs/product-rules.md R25): joining needs the right to book; listing and leaving one's own entries
 * the right to list one's own bookings.
 */
export function waitlistRoutes({ waitlistService }: Cradle): ModuleRoutes {
  return {
    tag: 'Waitlist',
    routes: [
      route({
        method: 'post',
        path: '/waitlist',
        permission: 'bookings.book',
        body: JoinInput,
        response: EntryView,
        summary: 'Join the waitlist of a taken range of a resource',
        description:
          'Refused (422 waitlist.free) when the range is free: book it instead; 409 waitlist.already when the caller already waits for it. The booking rules about who may book the resource and when are checked now; all of them again when it is booked.',
        handler: ({ actor, body }) => waitlistService.join(actor, body),
      }),
      route({
        method: 'get',
        path: '/waitlist',
        permission: 'bookings.listOwn',
        query: WaitlistQuery,
        response: pageOf(EntryView),
        summary: "The caller's own waitlist entries, newest first",
        handler: ({ actor, query }) => waitlistService.mine(actor, query),
      }),
      route({
        method: 'delete',
        path: '/waitlist/:id',
        permission: 'bookings.listOwn',
        params: IdParam,
        response: NO_DATA,
        summary: "Leave a waitlist (one of the caller's own entries that still waits)",
        handler: async ({ actor, params }) => void (await waitlistService.leave(actor, params.id)),
      }),
    ],
  };
}
