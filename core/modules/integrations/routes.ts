import type { Cradle } from '../../cradle.ts';
import { route, type ModuleRoutes, NO_DATA } from '../../http/route.ts';
import { pageOf } from '../../http/answers.ts';
import { scaffoldFiles } from '../../plugin-host/index.ts';
import { KindsAnswer, SavedSettings, ScaffoldAnswer, TestAnswer } from './responses.ts';
import {
  DeviceListAnswer,
  DeviceListQuery,
  IdParam,
  KindParam,
  OutboxQuery,
  OutboxView,
  SaveSettings,
  ScaffoldQuery,
  SettingsView,
  TestSettings,
} from './schema.ts';

export function integrationsRoutes({ integrationsService: s }: Cradle): ModuleRoutes {
  return {
    tag: 'Integrations',
    routes: [
      route({
        method: 'get',
        path: '/inte/kinds',
        response: KindsAnswer,
        permission: 'integrations.view',
        summary: 'Integration kinds with their providers, names per language and settings forms (JSON Schema)',
        handler: ({ actor }) => s.kinds(actor),
      }),
      route({
        method: 'get',
        path: '/inte/settings/:kind',
        permission: 'integrations.view',
        params: KindParam,
        response: SettingsView,
        summary: 'The provider selected for a kind and its settings (secrets only as "set" flags)',
        handler: ({ actor, params }) => s.view(actor, params.kind),
      }),
      route({
        method: 'put',
        path: '/inte/settings/:kind',
        response: SavedSettings,
        permission: 'integrations.save',
        params: KindParam,
        body: SaveSettings,
        summary:
          'Select a provider ("none" for nothing) and save its settings; the provider restarts at once. Omitted secrets are kept',
        handler: ({ actor, params, body }) => s.save(actor, params.kind, body),
      }),
      route({
        method: 'post',
        path: '/inte/settings/:kind/test',
        response: TestAnswer,
        permission: 'integrations.save',
        params: KindParam,
        body: TestSettings,
        summary: 'Test connection with the given settings (or the saved ones)',
        handler: ({ actor, params, body }) => s.test(actor, params.kind, body),
      }),
      route({
        method: 'get',
        path: '/inte/:kind/providerDevices',
        permission: 'integrations.view',
        params: KindParam,
        query: DeviceListQuery,
        response: DeviceListAnswer,
        summary: "The devices the kind's provider lists, for binding them to rooms; searched by id, name or place",
        description:
          'Asks the selected provider each time. A provider that cannot list answers an empty page with its reason in `error`; a kind without devices (notify, apps, calendar) is 422 inte.noDevices.',
        handler: ({ actor, params, query }) => s.providerDevices(actor, params.kind, query),
      }),
      route({
        method: 'get',
        path: '/inte/outbox',
        permission: 'integrations.view',
        query: OutboxQuery,
        summary: 'Work queued for providers: pending, done and parked deliveries with their last error',
        response: pageOf(OutboxView),
        handler: ({ actor, query }) => s.outboxList(actor, query),
      }),
      route({
        method: 'post',
        path: '/inte/outbox/:id/retry',
        response: NO_DATA,
        permission: 'integrations.save',
        params: IdParam,
        summary: 'Queue a parked delivery again for a fresh series of attempts',
        handler: ({ actor, params }) => s.retry(actor, params.id),
      }),
      route({
        method: 'get',
        path: '/sys/setting/code/plugin',
        response: ScaffoldAnswer,
        permission: 'sys:setting-code:view',
        query: ScaffoldQuery,
        summary:
          'Code generation: the files of a new provider plugin for plugins/ (as `atrium plugin new KIND ID` writes them)',
        handler: ({ query }) => ({ files: scaffoldFiles(query.kind, query.id, '../../core/plugin-sdk/index.ts') }),
      }),
    ],
  };
}
