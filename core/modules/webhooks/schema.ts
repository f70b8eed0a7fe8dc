import { z } from 'zod';
import { PageQuery, Paging } from '../../db/paging.ts';
import { WEBHOOK_EVENTS } from './events.ts';

export { IdParam } from '../../http/validate.ts';

export const EndpointInput = z.strictObject({
  name: z.string().trim().min(1).max(100),
  url: z.string().trim().min(1).max(2000).describe('http or https address the signed POST goes to'),
  events: z
    .array(z.string().min(1).max(60))
    .min(1)
    .max(50)
    .describe(`event types subscribed to: ${WEBHOOK_EVENTS.join(', ')}`),
  enabled: z.boolean().default(true),
});
export type EndpointInput = z.infer<typeof EndpointInput>;

export const EndpointQuery = PageQuery;
export type EndpointQuery = z.infer<typeof EndpointQuery>;

export const DeliveryQuery = Paging;
export type DeliveryQuery = z.infer<typeof DeliveryQuery>;

export const EndpointView = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** The previous secret still signs until then, after a rotation (R24.2). */
  previousSecretUntil: z.number().nullable(),
  failingSince: z.number().nullable(),
  disabledAt: z.number().nullable(),
  disabledReason: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type EndpointView = z.infer<typeof EndpointView>;

export const EndpointWithSecret = EndpointView.extend({
  secret: z.string().describe('whsec_<base64>: shown once, never again'),
});
export type EndpointWithSecret = z.infer<typeof EndpointWithSecret>;

export const DeliveryView = z.object({
  id: z.number(),
  endpointId: z.number(),
  messageId: z.string(),
  eventType: z.string(),
  state: z.enum(['pending', 'delivered', 'failed', 'skipped']),
  attempts: z.number(),
  lastStatus: z.number().nullable().describe('HTTP status of the last answer; null when none came'),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  lastAttemptAt: z.number().nullable(),
  deliveredAt: z.number().nullable(),
});
export type DeliveryView = z.infer<typeof DeliveryView>;

export const TestSent = z.object({ deliveryId: z.number(), messageId: z.string() });
