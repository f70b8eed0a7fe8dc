/**
 * Door access over a signed webhook, for access-control systems with no plugin of their own: every grant and
 * revoke is one POST to the configured address (plugins/webhook-shared/webhook.ts: Standard Webhooks headers
 * `webhook-id`, `webhook-timestamp`, `webhook-signature`). Event types and their `data`:
 *
 * - `access.grant`: `{ bookingId, lockId, people: [{ username, cardNo }], from, to }` (epoch ms). It replaces
 *   any earlier grant of the same booking at the same lock.
 * - `access.revoke`: `{ bookingId, lockId }`. Succeed also when nothing was granted.
 * - `webhook.ping`: `{}` (Test connection and the health check).
 *
 * Answer 2xx when done; any other status is retried by the outbox (30 s, 1, 2, 4, 8 min, then parked).
 */
import { definePlugin } from '../../core/plugin-sdk/index.ts';
import { post, WebhookSettings } from '../webhook-shared/webhook.ts';

export default definePlugin({
  id: 'webhook-access',
  kind: 'access',
  names: { cn: 'Webhook 门禁', en: 'Webhook (door access)', ja: 'Webhook（入退室管理）' },
  settings: WebhookSettings,
  secrets: ['secret'],
  endpoints: ['url'],
  timeoutMs: 35_000,
  create(ctx) {
    return {
      grant: (grant) =>
        post(ctx, 'access.grant', {
          bookingId: grant.bookingId,
          lockId: grant.lockId,
          people: grant.people,
          from: grant.from,
          to: grant.to,
        }),
      revoke: (bookingId, lockId) => post(ctx, 'access.revoke', { bookingId, lockId }),
      async health() {
        await post(ctx, 'webhook.ping', {});
        return { ok: true, detail: `${new URL(ctx.settings.url).host} answered` };
      },
    };
  },
});
