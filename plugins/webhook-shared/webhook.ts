/**
 * Signed webhooks, shared by plugins/webhook-access and plugins/webhook-switch (this folder has no entry, so it
 * is no plugin itself). Each call is one HTTP POST of a JSON body `{ type, timestamp, data }` signed as the
 * Standard Webhooks specification says (https://www.standardwebhooks.com, "Signature scheme"):
 *
 * - `webhook-id`: a fresh id per call (`msg_<uuid>`); the calls are idempotent by their content (a grant
 *   replaces, a revoke of nothing succeeds, a switch set twice stays set), so a repeat after a retry is harmless;
 * - `webhook-timestamp`: seconds since the epoch, for the receiver's replay window;
 * - `webhook-signature`: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the configured secret
 *   (a `whsec_<base64>` secret is the base64-decoded key, as the specification's libraries read it; any other
 *   text is its UTF-8 bytes).
 *
 * A 2xx answer is delivered; anything else (3xx included: redirects are not followed, the signed body goes only
 * to the configured address) throws, and the outbox retries.
 */
import { randomUUID } from 'node:crypto';
import { PluginHttpError, signWebhook, signingKey, z, type PluginContext } from '../../core/plugin-sdk/index.ts';

export const WebhookSettings = z.object({
  url: z.url({ protocol: /^https?$/ }).describe('address the signed POST goes to'),
  secret: z
    .string()
    .min(16)
    .max(256)
    .describe('signing secret (whsec_<base64> as Standard Webhooks issues them, or any text of 16+ characters)'),
  timeoutMs: z.coerce
    .number()
    .int()
    .min(1000)
    .max(30_000)
    .default(10_000)
    .describe('milliseconds to wait for the answer'),
});
export type WebhookSettings = z.infer<typeof WebhookSettings>;

export { signingKey };

/** `v1,<base64>`: the Standard Webhooks signature of one message (the SDK's `signWebhook`). */
export function sign(secret: string, id: string, timestamp: number, body: string): string {
  return signWebhook(secret, id, timestamp, body);
}

/** Sends one signed event; throws on any answer but 2xx. */
export async function post(ctx: PluginContext<WebhookSettings>, type: string, data: unknown): Promise<void> {
  const now = ctx.clock.now();
  const id = `msg_${randomUUID()}`;
  const timestamp = Math.floor(now / 1000);
  const body = JSON.stringify({ type, timestamp: new Date(now).toISOString(), data });
  const res = await ctx.http
    .fetch(ctx.settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': sign(ctx.settings.secret, id, timestamp, body),
      },
      body,
      redirect: 'manual',
      timeoutMs: ctx.settings.timeoutMs,
    })
    .catch((err: unknown) => {
      // An abort is a DOMException, not an Error: say what happened in words the outbox keeps.
      const what = err instanceof Error || err instanceof DOMException ? err.message : String(err);
      throw new Error(`webhook ${new URL(ctx.settings.url).host} unreachable: ${what}`, { cause: err });
    });
  const text = await res.text().catch(() => '');
  if (res.status < 200 || res.status > 299) throw new PluginHttpError(res.status, text, ctx.settings.url);
}
