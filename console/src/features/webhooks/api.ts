/**
 * The webhook subscription calls (core/modules/webhooks, docs/product-rules.md R24), typed by the server's own
 * schemas. Changes are silent: the forms and dialogs show the server's refusal themselves.
 */
import type { z } from 'zod';
import type {
  DeliveryView,
  EndpointInput,
  EndpointView,
  EndpointWithSecret,
  TestSent,
} from '../../../../core/modules/webhooks/schema.ts';
import { api } from '../../app/api.ts';
import { actionOf, deleteOf, pageOf, saveOf } from '../../app/endpoints.ts';
import type { Collection, Page, PageArgs, SaveArgs } from '../../components/crud/index.ts';

export type Endpoint = z.output<typeof EndpointView>;
export type Delivery = z.output<typeof DeliveryView>;
export type EndpointBody = z.input<typeof EndpointInput>;
type WithSecret = z.output<typeof EndpointWithSecret>;

const TAG = 'Webhooks';
const QUIET = { silent: true };

export const webhooksApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    webhookList: build.query<Page<Endpoint>, PageArgs>(pageOf('/sys/webhooks', TAG)),
    saveWebhook: build.mutation<WithSecret, SaveArgs<EndpointBody>>(saveOf('/sys/webhooks', TAG, QUIET)),
    deleteWebhook: build.mutation<unknown, number>(deleteOf('/sys/webhooks', TAG)),
    rotateWebhook: build.mutation<WithSecret, number>(
      actionOf((id: number) => ({ url: `/sys/webhooks/${id}/rotate`, body: {}, silent: true }), TAG),
    ),
    testWebhook: build.mutation<z.output<typeof TestSent>, number>(
      actionOf((id: number) => ({ url: `/sys/webhooks/${id}/test`, body: {}, silent: true }), TAG),
    ),
    webhookDeliveries: build.query<Page<Delivery>, { id: number; page?: number; pageSize?: number }>({
      ...pageOf<Delivery, typeof TAG>('/sys/webhooks', TAG),
      query: ({ id, ...params }) => ({ url: `/sys/webhooks/${id}/deliveries`, params }),
    }),
    redeliverWebhook: build.mutation<Delivery, number>(
      actionOf((id: number) => ({ url: `/sys/webhooks/deliveries/${id}/redeliver`, body: {}, silent: true }), TAG),
    ),
  }),
});

export const {
  useWebhookListQuery,
  useSaveWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookMutation,
  useTestWebhookMutation,
  useWebhookDeliveriesQuery,
  useRedeliverWebhookMutation,
} = webhooksApi;

export const webhooks: Collection<Endpoint, PageArgs, EndpointBody> = {
  list: useWebhookListQuery,
  save: useSaveWebhookMutation,
  remove: useDeleteWebhookMutation,
};
