/**
 * Room switches over a signed webhook, for building systems with no plugin of their own: every switching is one
 * POST to the configured address (plugins/webhook-shared/webhook.ts: Standard Webhooks headers `webhook-id`,
 * `webhook-timestamp`, `webhook-signature`). Event types and their `data`:
 *
 * - `switch.setState`: `{ deviceId, on }` (the device's identifier in Atrium, true for on).
 * - `webhook.ping`: `{}` (Test connection and the health check).
 *
 * Answer 2xx when done; any other status is retried by the outbox (30 s, 1, 2, 4, 8 min, then parked). A
 * webhook lists no devices: relays are bound to rooms by typing their identifier.
 */
import { definePlugin } from '../../core/plugin-sdk/index.ts';
import { post, WebhookSettings } from '../webhook-shared/webhook.ts';

export default definePlugin({
  id: 'webhook-switch',
  kind: 'switch',
  names: { cn: 'Webhook 开关', en: 'Webhook (switches)', ja: 'Webhook（スイッチ）' },
  settings: WebhookSettings,
  secrets: ['secret'],
  endpoints: ['url'],
  timeoutMs: 35_000,
  create(ctx) {
    return {
      async listDevices() {
        return [];
      },
      setState: (deviceId, on) => post(ctx, 'switch.setState', { deviceId, on }),
      async health() {
        await post(ctx, 'webhook.ping', {});
        return { ok: true, detail: `${new URL(ctx.settings.url).host} answered` };
      },
    };
  },
});
