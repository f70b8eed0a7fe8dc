/**
 * The integration calls (core/modules/integrations): the kinds with their
 * providers and settings forms, a kind's settings, the connection test and
 * the outbox of deliveries. Typed by the server's own schemas and service.
 * Changes are silent: the form shows the server's refusal itself.
 */
import type { z } from 'zod';
import type { IntegrationsService } from '../../../../core/modules/integrations/index.ts';
import type {
  DeviceListAnswer,
  OutboxQuery,
  OutboxView,
  SaveSettings,
  SettingsView,
  TestSettings,
} from '../../../../core/modules/integrations/schema.ts';
import type { PluginKind } from '../../../../core/plugin-sdk/kinds.ts';
import { api } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import { actionOf, getOf, pageOf, readOf } from '../../app/endpoints.ts';
import type { Collection, Page, PageArgs } from '../../components/crud/index.ts';

export type { DeviceListAnswer, OutboxView, PluginKind, SettingsView };
/** GET /inte/:kind/providerDevices: what the kind's provider lists, searched and paged. */
export type DeviceListArgs = { kind: PluginKind; q?: string; page?: number; pageSize?: number };
/** GET /inte/kinds: each kind the caller may see, with its providers ("none" first). */
export type KindCatalogue = Awaited<ReturnType<IntegrationsService['kinds']>>;
export type KindInfo = KindCatalogue['kinds'][number];
export type ProviderInfo = KindInfo['providers'][number];
export type TestAnswer = Awaited<ReturnType<IntegrationsService['test']>>;
export type HealthState = SettingsView['health']['state'];
/** The outbox filters as the query string carries them. */
export type OutboxArgs = PageArgs & Partial<Pick<z.input<typeof OutboxQuery>, 'kind' | 'state'>>;
type SettingsArgs<Body> = { kind: PluginKind; body: Body };

const TAG = 'Inte';

export const inteApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    inteKinds: build.query<KindCatalogue, void>(getOf<KindCatalogue, typeof TAG>('/inte/kinds', TAG)),
    inteSettings: build.query<SettingsView, PluginKind>(readOf((kind: PluginKind) => `/inte/settings/${kind}`, TAG)),
    saveInteSettings: build.mutation<SettingsView, SettingsArgs<z.input<typeof SaveSettings>>>(
      actionOf(
        ({ kind, body }: SettingsArgs<z.input<typeof SaveSettings>>) => ({
          url: `/inte/settings/${kind}`,
          method: 'PUT',
          body,
          silent: true,
        }),
        TAG,
      ),
    ),
    /** Tries settings without saving them; changes nothing, so no list is read again. */
    testInteSettings: build.mutation<TestAnswer, SettingsArgs<z.input<typeof TestSettings>>>({
      ...actionOf(
        ({ kind, body }: SettingsArgs<z.input<typeof TestSettings>>) => ({
          url: `/inte/settings/${kind}/test`,
          body,
          silent: true,
        }),
        TAG,
      ),
      invalidatesTags: [],
    }),
    /** Quiet: a screen that cannot read the list offers typing the identifier instead. */
    providerDevices: build.query<DeviceListAnswer, DeviceListArgs>({
      query: ({ kind, ...params }: DeviceListArgs) => ({ url: `/inte/${kind}/providerDevices`, params, silent: true }),
      transformResponse: (body: Envelope) => body.data as DeviceListAnswer,
      providesTags: [TAG],
    }),
    outbox: build.query<Page<OutboxView>, OutboxArgs>(pageOf<OutboxView, typeof TAG>('/inte/outbox', TAG)),
    retryOutbox: build.mutation<unknown, number>(
      actionOf((id: number) => ({ url: `/inte/outbox/${id}/retry`, body: {}, silent: true }), TAG),
    ),
  }),
});

export const {
  useInteKindsQuery,
  useInteSettingsQuery,
  useSaveInteSettingsMutation,
  useTestInteSettingsMutation,
  useOutboxQuery,
  useRetryOutboxMutation,
  useProviderDevicesQuery,
} = inteApi;

export const outbox: Collection<OutboxView, OutboxArgs> = { list: useOutboxQuery };
