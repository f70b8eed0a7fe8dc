/**
 * The integration calls (core/modules/integrations): the kinds with their
 * providers and settings forms, a kind's settings, the connection test and
 * the outbox of deliveries. Typed by the server's own schemas and service.
 * Changes are silent: the form shows the server's refusal itself.
 * The directory sync (core/modules/directory): its runs with their reports, and the group mapping.
 * The calendar sync's way back (core/modules/calendar-sync, R23): the mirrored rooms, the events written into their
 * calendars outside Atrium with what became of them, and a read of the calendars now.
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
import type {
  GroupMapBody as GroupMapBodySchema,
  GroupMapChoices,
  GroupMapQuery,
  GroupMapView,
  ReportLine,
  RunDetail,
  RunView,
  SyncRequest,
} from '../../../../core/modules/directory/schema.ts';
import type {
  CalendarRoomView,
  ExternalQuery,
  ExternalView,
  ProviderRooms,
  PullResult,
} from '../../../../core/modules/calendar-sync/schema.ts';
import type { PluginKind } from '../../../../core/plugin-sdk/kinds.ts';
import { api } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import { actionOf, deleteOf, getOf, pageOf, readOf, saveOf } from '../../app/endpoints.ts';
import type { Collection, ListState, Page, PageArgs, SaveArgs } from '../../components/crud/index.ts';

export type {
  CalendarRoomView,
  ExternalView,
  PullResult,
  DeviceListAnswer,
  GroupMapChoices,
  GroupMapView,
  OutboxView,
  PluginKind,
  ReportLine,
  RunDetail,
  RunView,
  SettingsView,
};
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

/** The sources a directory group comes from ('*': any of them), as the group mapping stores them. */
export type GroupSource = GroupMapView['source'];
/** The server's MAP_SOURCES, in the order the form offers them (a type import keeps zod out of the console). */
export const GROUP_SOURCES = [
  'ldap',
  'oidc',
  'saml',
  'entra',
  'wecom',
  'dingtalk',
  'scim',
  '*',
] as const satisfies readonly GroupSource[];
export type GroupMapBody = z.input<typeof GroupMapBodySchema>;
/** GET /inte/app/groupMaps: searched by part of the group, filtered by source. */
export type GroupMapArgs = PageArgs & Partial<Pick<z.input<typeof GroupMapQuery>, 'source'>>;

/** A mirrored room as the table lists it: keyed by its room. */
export type MirroredRoom = CalendarRoomView & { id: number };
/** PUT /inte/event/rooms/:resourceId: the room (chosen when adding) and its calendar's reference. */
export type MirrorBody = { resourceId: number; ref: string; sourceOfTruth: boolean };
/** What became of an event written into a mirrored room's calendar outside Atrium. */
export type ExternalState = ExternalView['state'];
/** The server's EXTERNAL_STATES, in the order the filter offers them. */
export const EXTERNAL_STATES = [
  'pending',
  'booked',
  'declined',
  'cancelled',
] as const satisfies readonly ExternalState[];
/** GET /inte/event/external: filtered by state and room. */
export type ExternalArgs = PageArgs & Partial<Pick<z.input<typeof ExternalQuery>, 'state' | 'resourceId'>>;

const TAG = 'Inte';
const RUNS = 'DirectoryRun';
const MAPS = 'GroupMap';
const MIRRORS = 'CalendarRoom';
const EVENTS = 'CalendarEvent';

export const inteApi = api.enhanceEndpoints({ addTagTypes: [TAG, RUNS, MAPS, MIRRORS, EVENTS] }).injectEndpoints({
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
    /** Runs (or previews) a directory sync; quiet: the panel explains a 409 or 422 itself. */
    syncDirectory: build.mutation<RunDetail, z.input<typeof SyncRequest>>(
      actionOf((body: z.input<typeof SyncRequest>) => ({ url: '/inte/app/directory/sync', body, silent: true }), RUNS),
    ),
    directoryRuns: build.query<Page<RunView>, PageArgs>(pageOf<RunView, typeof RUNS>('/inte/app/directory/runs', RUNS)),
    directoryRun: build.query<RunDetail, number>(readOf((id: number) => `/inte/app/directory/runs/${id}`, RUNS)),
    groupMaps: build.query<Page<GroupMapView>, GroupMapArgs>(
      pageOf<GroupMapView, typeof MAPS>('/inte/app/groupMaps', MAPS),
    ),
    /** The roles (never admin) and user groups a mapping may give; needs only the right to change the integration. */
    groupMapChoices: build.query<GroupMapChoices, void>(
      getOf<GroupMapChoices, typeof MAPS>('/inte/app/groupMaps/choices', MAPS, { silent: true }),
    ),
    saveGroupMap: build.mutation<GroupMapView, SaveArgs<GroupMapBody>>(
      saveOf('/inte/app/groupMaps', MAPS, { silent: true }),
    ),
    deleteGroupMap: build.mutation<unknown, number>(deleteOf('/inte/app/groupMaps', MAPS)),
    calendarRooms: build.query<CalendarRoomView[], void>(
      getOf<CalendarRoomView[], typeof MIRRORS>('/inte/event/rooms', MIRRORS),
    ),
    /** The rooms the calendar provider knows (Places), to choose a mirrored room's calendar from; quiet. */
    calendarProviderRooms: build.query<ProviderRooms, void>(
      getOf<ProviderRooms, typeof MIRRORS>('/inte/event/providerRooms', MIRRORS, { silent: true }),
    ),
    /** Mirrors a room (id null: the room of the body) or changes its reference; quiet: the form shows a refusal. */
    saveCalendarRoom: build.mutation<CalendarRoomView, SaveArgs<MirrorBody>>({
      query: ({ id, body }: SaveArgs<MirrorBody>) => ({
        url: `/inte/event/rooms/${id ?? body.resourceId}`,
        method: 'PUT',
        body: { ref: body.ref, sourceOfTruth: body.sourceOfTruth },
        silent: true,
      }),
      transformResponse: (body: Envelope) => body.data as CalendarRoomView,
      invalidatesTags: [MIRRORS],
    }),
    deleteCalendarRoom: build.mutation<unknown, number>(deleteOf('/inte/event/rooms', MIRRORS)),
    externalEvents: build.query<Page<ExternalView>, ExternalArgs>(
      pageOf<ExternalView, typeof EVENTS>('/inte/event/external', EVENTS),
    ),
    /** Reads the mirrored rooms' calendars now; quiet: the panel tells a refusal itself. */
    pullCalendars: build.mutation<PullResult, void>(
      actionOf(() => ({ url: '/inte/event/pull', body: {}, silent: true }), EVENTS),
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
  useSyncDirectoryMutation,
  useDirectoryRunsQuery,
  useDirectoryRunQuery,
  useGroupMapsQuery,
  useGroupMapChoicesQuery,
  useSaveGroupMapMutation,
  useDeleteGroupMapMutation,
  useCalendarRoomsQuery,
  useCalendarProviderRoomsQuery,
  useSaveCalendarRoomMutation,
  useDeleteCalendarRoomMutation,
  useExternalEventsQuery,
  usePullCalendarsMutation,
} = inteApi;

export const outbox: Collection<OutboxView, OutboxArgs> = { list: useOutboxQuery };
export const directoryRuns: Collection<RunView, PageArgs> = { list: useDirectoryRunsQuery };
export const groupMaps: Collection<GroupMapView, GroupMapArgs, GroupMapBody> = {
  list: useGroupMapsQuery,
  save: useSaveGroupMapMutation,
  remove: useDeleteGroupMapMutation,
};

/** The mirrored rooms, searched by name and paged in the browser: the server answers them all at once. */
function useMirroredPage(args: PageArgs, options?: { pollingInterval?: number }): ListState<MirroredRoom> {
  const { data, isFetching, error } = useCalendarRoomsQuery(undefined, options);
  const size = args.pageSize ?? 20;
  const needle = (args.q ?? '').trim().toLowerCase();
  const shown = (data ?? [])
    .map((r) => ({ ...r, id: r.resourceId }))
    .filter((r) => !needle || `${r.resourceName ?? ''} ${r.ref}`.toLowerCase().includes(needle));
  const page = Math.min(args.page ?? 1, Math.max(1, Math.ceil(shown.length / size)));
  const items = shown.slice((page - 1) * size, page * size);
  return { data: data && { items, total: shown.length, page, pageSize: size }, isFetching, error };
}

export const mirroredRooms: Collection<MirroredRoom, PageArgs, MirrorBody> = {
  list: useMirroredPage,
  save: useSaveCalendarRoomMutation,
  remove: useDeleteCalendarRoomMutation,
};
export const externalEvents: Collection<ExternalView, ExternalArgs> = { list: useExternalEventsQuery };
