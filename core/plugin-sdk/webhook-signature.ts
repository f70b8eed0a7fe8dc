/**
 * The Standard Webhooks signature (https://www.standardwebhooks.com, "Signature scheme"), shared by the core's
 * webhook subscriptions (core/modules/webhooks) and the building integrations' webhook providers
 * (plugins/webhook-shared): plain functions of their arguments, so either may import them.
 */
import { createHmac } from 'node:crypto';

/** The key a secret means: `whsec_` secrets carry it in base64 (as the specification's libraries read it), others are the key's text. */
export function signingKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

/**
 * The `webhook-signature` header of one message: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under
 * each secret, separated by spaces (during a secret rotation both the new and the previous secret sign, and a
 * receiver that knows either accepts the message).
 */
export function signWebhook(secrets: string | readonly string[], id: string, timestamp: number, body: string): string {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return list
    .map((s) => `v1,${createHmac('sha256', signingKey(s)).update(`${id}.${timestamp}.${body}`).digest('base64')}`)
    .join(' ');
}
