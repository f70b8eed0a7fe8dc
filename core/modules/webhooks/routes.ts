import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { NO_DATA, route, type ModuleRoutes } from '../../http/route.ts';
import {
  DeliveryQuery,
  DeliveryView,
  EndpointInput,
  EndpointQuery,
  EndpointView,
  EndpointWithSecret,
  IdParam,
  TestSent,
} from './schema.ts';

/** Webhook subscriptions (docs/product-rules.md R24): `sys:webhook:view` reads, `sys:webhook:save` changes. */
export function webhooksRoutes({ webhooksService }: Cradle): ModuleRoutes {
  return {
    tag: 'Webhooks',
    routes: [
      route({
        method: 'get',
        path: '/sys/webhooks',
        permission: 'sys:webhook:view',
        query: EndpointQuery,
        response: pageOf(EndpointView),
        summary: 'Webhook endpoints (never their secrets); q searches names and addresses',
        handler: ({ query }) => webhooksService.list(query),
      }),
      route({
        method: 'post',
        path: '/sys/webhooks',
        permission: 'sys:webhook:save',
        body: EndpointInput,
        response: EndpointWithSecret,
        summary: 'Subscribe an endpoint to events; the answer holds its signing secret once',
        description:
          'Messages are signed as the Standard Webhooks specification says (webhook-id, webhook-timestamp, webhook-signature). The address must be http or https and, unless the webhookAllowPrivate parameter is on, resolve to public addresses only.',
        handler: ({ actor, body }) => webhooksService.create(actor, body),
      }),
      route({
        method: 'put',
        path: '/sys/webhooks/:id',
        permission: 'sys:webhook:save',
        params: IdParam,
        body: EndpointInput,
        response: EndpointView,
        summary: 'Change an endpoint (enabling a disabled one starts its failures afresh)',
        handler: ({ actor, params, body }) => webhooksService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/sys/webhooks/:id',
        permission: 'sys:webhook:save',
        params: IdParam,
        response: NO_DATA,
        summary: 'Delete an endpoint and its delivery log',
        handler: async ({ actor, params }) => void (await webhooksService.remove(actor, params.id)),
      }),
      route({
        method: 'post',
        path: '/sys/webhooks/:id/rotate',
        permission: 'sys:webhook:save',
        params: IdParam,
        response: EndpointWithSecret,
        summary: 'A new signing secret, answered once; the previous one still signs for 24 hours',
        handler: ({ actor, params }) => webhooksService.rotate(actor, params.id),
      }),
      route({
        method: 'post',
        path: '/sys/webhooks/:id/test',
        permission: 'sys:webhook:save',
        params: IdParam,
        response: TestSent,
        summary: 'Send a webhook.test message to the endpoint',
        handler: ({ actor, params }) => webhooksService.sendTest(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/sys/webhooks/:id/deliveries',
        permission: 'sys:webhook:view',
        params: IdParam,
        query: DeliveryQuery,
        response: pageOf(DeliveryView),
        summary: "An endpoint's delivery log, newest first, with the last answer's status",
        handler: ({ params, query }) => webhooksService.deliveries(params.id, query),
      }),
      route({
        method: 'post',
        path: '/sys/webhooks/deliveries/:id/redeliver',
        permission: 'sys:webhook:save',
        params: IdParam,
        response: DeliveryView,
        summary: 'Send a logged message again, with the same id and body',
        handler: ({ actor, params }) => webhooksService.redeliver(actor, params.id),
      }),
    ],
  };
}
