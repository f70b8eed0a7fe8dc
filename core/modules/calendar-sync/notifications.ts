/**
 * Change notifications from the calendar provider (docs/product-rules.md R23.5): Microsoft Graph posts to this
 * public route when an event changes in a subscribed room mailbox (plugins/m365-calendar, docs/plugins.md section
 * 15). The subscription's validation handshake (`?validationToken=…`) is answered with the token as text/plain;
 * a notification is checked against the provider's `clientState` and answered 202 at once, the poll of the rooms'
 * calendars (`calendarSyncService.pull()`) then run in the background. A notification with the wrong clientState is
 * answered 202 too (the sender would only retry) and nothing is done, with a warning.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { media, PUBLIC, RawReply, route, type RouteDef } from '../../http/route.ts';

const NotificationQuery = z.object({
  validationToken: z.string().max(2000).optional().describe('the subscription validation handshake'),
});

const NotificationBody = z.object({
  value: z
    .array(
      z
        .object({
          subscriptionId: z.string().max(200).optional(),
          clientState: z.string().max(500).nullish(),
          changeType: z.string().max(100).optional(),
          resource: z.string().max(2000).optional(),
        })
        .loose(),
    )
    .max(1000)
    .optional(),
});

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function notificationRoutes({
  calendarSyncService,
  pluginHost,
  logger,
}: Pick<Cradle, 'calendarSyncService' | 'pluginHost' | 'logger'>): RouteDef[] {
  let running: Promise<unknown> | undefined;
  let again = false;
  /** One pull at a time; notifications arriving meanwhile make one more. */
  const pullSoon = () => {
    if (running) {
      again = true;
      return;
    }
    running = calendarSyncService
      .pull()
      .catch((err: unknown) => logger.error({ err }, 'calendar pull after a change notification failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          pullSoon();
        }
      });
  };
  return [
    route({
      method: 'post',
      path: '/inte/event/notifications',
      permission: PUBLIC,
      query: NotificationQuery,
      body: NotificationBody,
      response: media('The validation token (handshake), or an empty 202 (notification accepted)', 'text/plain'),
      errors: { 202: 'Notification accepted (whatever its clientState: the sender would only retry)' },
      rateLimitPerMinute: 600,
      summary: "Change notifications of the rooms' calendars from the calendar provider (Microsoft Graph webhooks)",
      handler: async ({ query, body }) => {
        if (query.validationToken !== undefined)
          return new RawReply(query.validationToken, 'text/plain; charset=utf-8');
        const accepted = new RawReply('', 'text/plain; charset=utf-8', { status: 202 });
        const stored = await pluginHost.store.read('calendar');
        const expected = stored.provider === 'none' ? '' : pluginHost.store.unseal(stored.raw).clientState;
        const items = body.value ?? [];
        if (typeof expected !== 'string' || expected === '' || !items.length) {
          logger.warn({ provider: stored.provider }, 'calendar change notification ignored: no clientState set');
          return accepted;
        }
        if (!items.every((n) => typeof n.clientState === 'string' && same(n.clientState, expected))) {
          logger.warn({ count: items.length }, 'calendar change notification ignored: wrong clientState');
          return accepted;
        }
        pullSoon();
        return accepted;
      },
    }),
  ];
}
