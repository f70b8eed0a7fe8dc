/** The resource-administration calls (core/modules/{locations,resources,devices,uploads,reports,dashboard}). */
import { api, type ApiError } from '../../app/api.ts';
import { saveBlob } from '../../app/files.ts';
import type { Envelope } from '../../app/http.ts';
import { apiUrl, headers } from '../../app/http.ts';
import { ensureFreshToken } from '../../app/refresh.ts';
import type { Page } from '../../components/crud/index.ts';

export interface Location {
  id: number;
  name: string;
  timeZone: string;
  address: string | null;
  sort: number;
  floorCount: number;
}
export interface Floor {
  id: number;
  locationId: number;
  name: string;
  displayName: string;
  sort: number;
  planUploadId: string | null;
  padIconUploadId: string | null;
  gridIconUploadId: string | null;
}
export interface WeekdayHours {
  weekday: number;
  enabled: boolean;
  timeFrom: string;
  timeTo: string;
}
export interface Resource {
  id: number;
  name: string;
  type: number;
  capacity: number;
  area: number | null;
  description: string | null;
  cableCount: number;
  portCount: number;
  outletCount: number;
  teleconferenceNo: string | null;
  locationId: number;
  locationName: string;
  floorId: number | null;
  floorName: string | null;
  pricePerHour: number;
  timeZone: string;
  allDay: boolean;
  status: number;
  startDate: string | null;
  endDate: string | null;
  wholeDay: boolean;
  weekdays: WeekdayHours[];
  disabledPeriods: Array<{ id: number; startAt: number; endAt: number; reason: string | null }>;
  approverIds: number[];
  exemptUserIds: number[];
  groupIds: number[];
  deviceIds: number[];
  imageIds: string[];
  iconId: number | null;
  sensorId: string | null;
  cardReaderId: string | null;
  lockId: string | null;
  position: { x: number; y: number } | null;
  sort: number;
}
export interface Device {
  id: number;
  name: string;
  deviceNo: string;
  kind: string;
  showOnTerminal: boolean;
  connected: boolean;
  lastSeenAt: number | null;
  macAddress: string | null;
  identifier: string | null;
  resourceId: number | null;
  resourceName: string | null;
}
export interface IconItem {
  id: number;
  name: string;
  uploadId: string;
  url: string;
}
export interface Report {
  id: number;
  type: string;
  creatorId: number;
  creator: string | null;
  locationId: number | null;
  from: string;
  to: string;
  status: 'pending' | 'running' | 'done' | 'empty' | 'tooLarge' | 'failed';
  rowCount: number | null;
  error: string | null;
  createdAt: number;
  finishedAt: number | null;
  downloadUrl: string | null;
}
export interface Contact {
  id: number;
  name: string;
  realName: string;
  email: string | null;
}
export interface Group {
  id: number;
  name: string;
}
export interface UtilisationRow {
  key: string;
  name: string;
  openMinutes: number;
  bookedMinutes: number;
  utilisation: number;
}
export interface TopRow {
  id: number;
  name: string;
  bookedMinutes: number;
  bookings: number;
  utilisation: number;
}
export interface Panel {
  id: number;
  name: string;
  locationId: number | null;
  floorId: number | null;
  environmentSlideSeconds: number;
  bookingSlideSeconds: number;
}
export interface DashboardQuery {
  from: string;
  to: string;
  locationId?: number;
  floorId?: number;
  type?: number;
  groupBy?: 'location' | 'floor' | 'resource' | 'type';
  limit?: number;
}

export type ListArgs = { path: string; params?: Record<string, unknown>; silent?: boolean };
export type SaveArgs = { path: string; id?: number | null; body: unknown };

const data = <T>(body: Envelope) => body.data as T;
const roomApi = api.enhanceEndpoints({ addTagTypes: ['Room'] });

/** Generic calls keyed by path: lists and reads provide 'Room'; every change refreshes them. */
export const resourcesApi = roomApi.injectEndpoints({
  endpoints: (build) => ({
    roomList: build.query<Page<unknown>, ListArgs>({
      query: ({ path, params, silent }) => ({ url: path, params, silent }),
      transformResponse: (b: Envelope) => data<Page<unknown>>(b),
      providesTags: ['Room'],
    }),
    roomGet: build.query<unknown, string>({
      query: (url) => ({ url }),
      transformResponse: (b: Envelope) => b.data,
      providesTags: ['Room'],
    }),
    roomSave: build.mutation<unknown, SaveArgs>({
      query: ({ path, id, body }) => ({ url: id ? `${path}/${id}` : path, method: id ? 'PUT' : 'POST', body }),
      transformResponse: (b: Envelope) => b.data,
      invalidatesTags: ['Room'],
    }),
    roomPost: build.mutation<unknown, { url: string; body: unknown }>({
      query: ({ url, body }) => ({ url, method: 'POST', body }),
      transformResponse: (b: Envelope) => b.data,
      invalidatesTags: ['Room'],
    }),
    roomDelete: build.mutation<unknown, { path: string; id: number }>({
      query: ({ path, id }) => ({ url: `${path}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Room'],
    }),
    contacts: build.query<Contact[], string>({
      query: (q) => ({ url: '/contacts/', params: { q, limit: 50 }, silent: true }),
      transformResponse: (b: Envelope) => data<Contact[]>(b),
    }),
    dashboard: build.query<unknown, { part: 'utilisation' | 'heatmap' | 'noshow' | 'top'; q: DashboardQuery }>({
      query: ({ part, q }) => ({ url: `/room/dashboard/${part}`, params: { ...q } }),
      transformResponse: (b: Envelope) => b.data,
      providesTags: ['Room'],
    }),
  }),
});

export const {
  useRoomListQuery,
  useRoomGetQuery,
  useRoomSaveMutation,
  useRoomPostMutation,
  useRoomDeleteMutation,
  useContactsQuery,
  useDashboardQuery,
} = resourcesApi;

/** Choices for a form or filter (locations, floors, devices …): a refusal (the user may not read them) leaves the list empty without a toast. */
export function useOptions<T>(path: string, params: Record<string, unknown> = {}, skip = false) {
  const r = useRoomListQuery({ path, params: { page: 1, pageSize: 500, ...params }, silent: true }, { skip });
  return { ...r, data: r.data as Page<T> | undefined };
}

/** A typed list query. */
export function useList<T>(path: string, params: Record<string, unknown>, skip = false, pollingInterval = 0) {
  const r = useRoomListQuery({ path, params }, { skip, pollingInterval });
  return { ...r, data: r.data as Page<T> | undefined };
}

export type { ApiError };

export const ALLOWED_IMAGE = /\.(jpe?g|png)$/i;
export const ALLOWED_MIME = ['image/jpeg', 'image/png'];
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** Why a file cannot be uploaded as an image (a message key), or null. */
export function imageProblem(file: File | null | undefined): string | null {
  if (!file) return 'upload.chooseFirst';
  if (!ALLOWED_IMAGE.test(file.name) || (file.type && !ALLOWED_MIME.includes(file.type))) return 'upload.badType';
  if (file.size > MAX_IMAGE_BYTES) return 'upload.tooLarge';
  return null;
}

export interface Uploaded {
  id: string;
  width: number | null;
  height: number | null;
}

/** POST /upload/uploadFile as multipart; answers the stored upload or throws the server's message. */
export type UploadType = 'resourceImage' | 'floorPlan' | 'icon' | 'padIcon' | 'gridIcon' | 'logo';

export async function uploadImage(file: File, type: UploadType): Promise<Uploaded> {
  await ensureFreshToken();
  const form = new FormData();
  form.append('type', type);
  form.append('file', file);
  let body: Envelope & { bean?: Uploaded };
  try {
    const res = await fetch(apiUrl('/upload/uploadFile'), { method: 'POST', headers: headers(false), body: form });
    body = (await res.json().catch(() => ({ code: res.status }))) as Envelope & { bean?: Uploaded };
  } catch {
    body = { code: -1 };
  }
  if (body.code !== 0 || !body.bean) throw new Error(body.msg || '');
  return body.bean;
}

/** Fetches a picture that needs the token header and answers an object URL (revoke it when done). */
export async function fetchPicture(path: string, query: Record<string, unknown> = {}): Promise<string | null> {
  await ensureFreshToken();
  try {
    const res = await fetch(apiUrl(path, query), { headers: headers(false) });
    if (!res.ok) return null;
    return URL.createObjectURL(await res.blob());
  } catch {
    return null;
  }
}

/** Downloads a file that needs the token header, under its server-given name. */
export async function downloadFile(path: string, fallbackName: string): Promise<boolean> {
  await ensureFreshToken();
  const res = await fetch(apiUrl(path), { headers: headers(false) });
  if (!res.ok) return false;
  const disposition = res.headers.get('content-disposition') ?? '';
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = m?.[1] ? decodeURIComponent(m[1]) : fallbackName;
  saveBlob(await res.blob(), name);
  return true;
}
