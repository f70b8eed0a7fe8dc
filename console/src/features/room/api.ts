/**
 * The resource-administration calls (core/modules/{locations,resources,devices,uploads,reports,dashboard}),
 * typed by the server's own schemas.
 */
import type { z } from 'zod';
import type { DashboardService } from '../../../../core/modules/dashboard/index.ts';
import type { DashboardQuery, LiveAnswer, Panel, UtilisationRow } from '../../../../core/modules/dashboard/schema.ts';
import type { DeviceInput, DeviceList, DeviceView } from '../../../../core/modules/devices/schema.ts';
import type { HistoryRange, HistoryView } from '../../../../core/modules/environment/schema.ts';
import type {
  FloorInput,
  FloorList,
  FloorView,
  LocationInput,
  LocationView,
} from '../../../../core/modules/locations/schema.ts';
import type { ReportList, ReportRequest, ReportTypes, ReportView } from '../../../../core/modules/reports/schema.ts';
import type {
  BulkDesks,
  ResourceInput,
  ResourceList,
  ResourceView,
} from '../../../../core/modules/resources/schema.ts';
import type { IconInput, IconView } from '../../../../core/modules/uploads/schema.ts';
import { api } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import { actionOf, deleteOf, getOf, pageOf, readOf, saveOf } from '../../app/endpoints.ts';
import type { Collection, ListState, Page, PageArgs, SaveArgs } from '../../components/crud/index.ts';

export type { DeviceKind } from '../../../../core/modules/devices/schema.ts';
export type ReportType = (typeof ReportTypes)[number];
export type { DeviceView, FloorView, LocationView, ReportView, ResourceView, IconView };
export type LocationBody = z.input<typeof LocationInput>;
export type FloorBody = z.input<typeof FloorInput>;
export type ResourceBody = z.input<typeof ResourceInput>;
export type DeviceBody = z.input<typeof DeviceInput>;
export type IconBody = z.input<typeof IconInput>;
export type ReportBody = z.input<typeof ReportRequest>;
export type PanelBody = z.input<typeof Panel>;
/** A wall-screen panel as the server lists it. */
export type PanelView = Panel & { id: number };
export type Dashboard = Omit<z.input<typeof DashboardQuery>, 'groupBy' | 'limit'>;
export type Utilisation = z.output<typeof UtilisationRow>;
export type { HistoryRange, HistoryView };
export type TopResource = Awaited<ReturnType<DashboardService['top']>>[number];
export type NoShows = Awaited<ReturnType<DashboardService['noShowRate']>>;
export type LiveResource = LiveAnswer['items'][number];

type Paging = PageArgs;
/** List filters as the query string carries them (numbers, not the strings the server coerces). */
type Filters<Q> = Paging & { [K in keyof Omit<Q, keyof Paging>]?: number | string | boolean };

const TAG = 'Room';
const roomApi = api.enhanceEndpoints({ addTagTypes: [TAG] });
/** Bookings changed: what the dashboard and the wall screen show is asked again. */
export const bookingsChanged = () => roomApi.util.invalidateTags([TAG]);

export const resourcesApi = roomApi.injectEndpoints({
  endpoints: (build) => ({
    locationList: build.query<Page<LocationView>, Paging>(pageOf<LocationView, typeof TAG>('/room/locations', TAG)),
    saveLocation: build.mutation<LocationView, SaveArgs<LocationBody>>(
      saveOf<LocationView, LocationBody, typeof TAG>('/room/locations', TAG),
    ),
    deleteLocation: build.mutation<unknown, number>(deleteOf('/room/locations', TAG)),

    floorList: build.query<Page<FloorView>, Filters<FloorList>>(pageOf<FloorView, typeof TAG>('/room/floors', TAG)),
    saveFloor: build.mutation<FloorView, SaveArgs<FloorBody>>(
      saveOf<FloorView, FloorBody, typeof TAG>('/room/floors', TAG),
    ),
    deleteFloor: build.mutation<unknown, number>(deleteOf('/room/floors', TAG)),
    addDesks: build.mutation<unknown, { floorId: number; body: z.input<typeof BulkDesks> }>(
      actionOf(
        ({ floorId, body }: { floorId: number; body: z.input<typeof BulkDesks> }) => ({
          url: `/room/floors/${floorId}/desks`,
          body,
        }),
        TAG,
      ),
    ),

    resourceList: build.query<Page<ResourceView>, Filters<ResourceList>>(
      pageOf<ResourceView, typeof TAG>('/room/resources', TAG),
    ),
    resource: build.query<ResourceView, number>(
      readOf<ResourceView, number, typeof TAG>((id) => `/room/resources/${id}`, TAG),
    ),
    saveResource: build.mutation<ResourceView, SaveArgs<ResourceBody>>(
      saveOf<ResourceView, ResourceBody, typeof TAG>('/room/resources', TAG),
    ),
    deleteResource: build.mutation<unknown, number>(deleteOf('/room/resources', TAG)),
    /** A room's environment history (R20.3); quiet, since a room without sensors simply shows none. */
    environmentHistory: build.query<HistoryView, { id: number; range: HistoryRange }>({
      query: ({ id, range }) => ({ url: `/room/resources/${id}/environment`, params: { range }, silent: true }),
      transformResponse: (body: Envelope) => body.data as HistoryView,
      providesTags: [TAG],
    }),

    deviceList: build.query<Page<DeviceView>, Filters<DeviceList>>(
      pageOf<DeviceView, typeof TAG>('/room/devices', TAG),
    ),
    saveDevice: build.mutation<DeviceView, SaveArgs<DeviceBody>>(
      saveOf<DeviceView, DeviceBody, typeof TAG>('/room/devices', TAG),
    ),
    deleteDevice: build.mutation<unknown, number>(deleteOf('/room/devices', TAG)),

    iconList: build.query<Page<IconView>, Paging>(pageOf<IconView, typeof TAG>('/room/icons', TAG)),
    saveIcon: build.mutation<IconView, SaveArgs<IconBody>>(saveOf<IconView, IconBody, typeof TAG>('/room/icons', TAG)),
    deleteIcon: build.mutation<unknown, number>(deleteOf('/room/icons', TAG)),

    reportList: build.query<Page<ReportView>, Filters<ReportList>>(
      pageOf<ReportView, typeof TAG>('/room/reports', TAG),
    ),
    requestReport: build.mutation<ReportView, SaveArgs<ReportBody>>(
      saveOf<ReportView, ReportBody, typeof TAG>('/room/reports', TAG),
    ),
    deleteReport: build.mutation<unknown, number>(deleteOf('/room/reports', TAG)),

    utilisation: build.query<Utilisation[], Dashboard & { groupBy: 'location' | 'floor' | 'resource' | 'type' }>(
      getOf<Utilisation[], typeof TAG>('/room/dashboard/utilisation', TAG),
    ),
    heatmap: build.query<number[][], Dashboard>(getOf<number[][], typeof TAG>('/room/dashboard/heatmap', TAG)),
    noShows: build.query<NoShows, Dashboard>(getOf<NoShows, typeof TAG>('/room/dashboard/noshow', TAG)),
    topResources: build.query<TopResource[], Dashboard & { limit: number }>(
      getOf<TopResource[], typeof TAG>('/room/dashboard/top', TAG),
    ),
    live: build.query<LiveAnswer, { locationId?: number; floorId?: number }>(
      getOf<LiveAnswer, typeof TAG>('/room/dashboard/live', TAG),
    ),
    panelList: build.query<PanelView[], void>(getOf<PanelView[], typeof TAG>('/room/dashboard/panels', TAG)),
    savePanel: build.mutation<PanelView, SaveArgs<PanelBody>>(
      saveOf<PanelView, PanelBody, typeof TAG>('/room/dashboard/panels', TAG),
    ),
    deletePanel: build.mutation<unknown, number>(deleteOf('/room/dashboard/panels', TAG)),
    /** A new secret for a room's QR code: the codes printed before stop working (docs/product-rules.md R19.9). */
    rotateRoomQr: build.mutation<{ resourceId: number; rotatedAt: number; url: string }, number>(
      actionOf((id: number) => ({ url: `/sys/tablets/rooms/${id}/qr/rotate` }), TAG),
    ),
    /** A new link for a resource's calendar feed: the one before stops working (docs/product-rules.md R11.10). */
    rotateResourceFeed: build.mutation<{ url: string }, number>(
      actionOf((id: number) => ({ url: `/bookings/resource-feeds/${id}`, body: {} }), TAG),
    ),
    revokeResourceFeed: build.mutation<unknown, number>(
      actionOf((id: number) => ({ url: `/bookings/resource-feeds/${id}`, method: 'DELETE' }), TAG),
    ),
  }),
});

export const {
  useRotateResourceFeedMutation,
  useRevokeResourceFeedMutation,
  useLocationListQuery,
  useSaveLocationMutation,
  useDeleteLocationMutation,
  useFloorListQuery,
  useSaveFloorMutation,
  useDeleteFloorMutation,
  useAddDesksMutation,
  useResourceListQuery,
  useResourceQuery,
  useLazyResourceQuery,
  useSaveResourceMutation,
  useDeleteResourceMutation,
  useEnvironmentHistoryQuery,
  useDeviceListQuery,
  useSaveDeviceMutation,
  useDeleteDeviceMutation,
  useIconListQuery,
  useSaveIconMutation,
  useDeleteIconMutation,
  useReportListQuery,
  useRequestReportMutation,
  useDeleteReportMutation,
  useUtilisationQuery,
  useHeatmapQuery,
  useNoShowsQuery,
  useTopResourcesQuery,
  useLiveQuery,
  usePanelListQuery,
  useSavePanelMutation,
  useDeletePanelMutation,
  useRotateRoomQrMutation,
} = resourcesApi;

export const locations: Collection<LocationView, PageArgs, LocationBody> = {
  list: useLocationListQuery,
  save: useSaveLocationMutation,
  remove: useDeleteLocationMutation,
};

export const devices: Collection<DeviceView, Filters<DeviceList>, DeviceBody> = {
  list: useDeviceListQuery,
  save: useSaveDeviceMutation,
  remove: useDeleteDeviceMutation,
};

export const icons: Collection<IconView, PageArgs, IconBody> = {
  list: useIconListQuery,
  save: useSaveIconMutation,
  remove: useDeleteIconMutation,
};

export const floors: Collection<FloorView, Filters<FloorList>, FloorBody> = {
  list: useFloorListQuery,
  save: useSaveFloorMutation,
  remove: useDeleteFloorMutation,
};

export const reports: Collection<ReportView, Filters<ReportList>, ReportBody> = {
  list: useReportListQuery,
  save: useRequestReportMutation,
  remove: useDeleteReportMutation,
};

export const resources: Collection<ResourceView, Filters<ResourceList>, ResourceBody> = {
  list: useResourceListQuery,
  save: useSaveResourceMutation,
  remove: useDeleteResourceMutation,
};

/** The panels, searched and paged in the browser: the server answers them all at once. */
function usePanelPage(args: PageArgs, options?: { pollingInterval?: number }): ListState<PanelView> {
  const { data, isFetching, error } = usePanelListQuery(undefined, options);
  const size = args.pageSize ?? 20;
  const needle = (args.q ?? '').trim().toLowerCase();
  const shown = (data ?? []).filter((p) => !needle || p.name.toLowerCase().includes(needle));
  const page = Math.min(args.page ?? 1, Math.max(1, Math.ceil(shown.length / size)));
  const items = shown.slice((page - 1) * size, page * size);
  return { data: data && { items, total: shown.length, page, pageSize: size }, isFetching, error };
}

export const panels: Collection<PanelView, PageArgs, PanelBody> = {
  list: usePanelPage,
  save: useSavePanelMutation,
  remove: useDeletePanelMutation,
};
