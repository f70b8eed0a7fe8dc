/** The system-administration calls (core/modules/{users,roles,menus,groups,settings,params,dictionary,keys,licences,logs,blocklist,notifications,sso}). */
import { api } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import { apiUrl, headers } from '../../app/http.ts';
import { ensureFreshToken } from '../../app/refresh.ts';
import type { Page, PageArgs } from '../../components/crud/index.ts';
import { pageOf } from '../../app/endpoints.ts';
import type { GroupSummary } from '../../../../core/modules/groups/schema.ts';
import { saveBlob } from '../../app/files.ts';

export type Row = Record<string, unknown> & { id: number };
export type ListArgs = { path: string; params?: Record<string, unknown> };
export type SaveArgs = {
  path: string;
  id?: number | null;
  body: unknown;
  method?: 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
};

const sysApi = api.enhanceEndpoints({ addTagTypes: ['Sys'] });

/** Generic calls keyed by path: lists and reads provide 'Sys'; every change refreshes them. */
export const sysEndpoints = sysApi.injectEndpoints({
  endpoints: (build) => ({
    sysList: build.query<Page<Row>, ListArgs>({
      query: ({ path, params }) => ({ url: path, params }),
      transformResponse: (b: Envelope) => b.data as Page<Row>,
      providesTags: ['Sys'],
    }),
    sysGet: build.query<unknown, ListArgs>({
      query: ({ path, params }) => ({ url: path, params }),
      transformResponse: (b: Envelope) => (b.data ?? b.bean) as unknown,
      providesTags: ['Sys'],
    }),
    sysSave: build.mutation<unknown, SaveArgs>({
      query: ({ path, id, body, method, headers }) => ({
        url: id ? `${path}/${id}` : path,
        method: method ?? (id ? 'PUT' : 'POST'),
        body,
        headers,
        silent: true,
      }),
      transformResponse: (b: Envelope) => b.data ?? b.bean,
      invalidatesTags: ['Sys'],
    }),
    sysDelete: build.mutation<unknown, { path: string; id: number | string }>({
      query: ({ path, id }) => ({ url: `${path}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Sys'],
    }),
  }),
});

export const { useSysListQuery, useSysGetQuery, useSysSaveMutation, useSysDeleteMutation } = sysEndpoints;

const typed = sysApi.injectEndpoints({
  endpoints: (build) => ({
    groupList: build.query<Page<GroupSummary>, PageArgs>(pageOf<GroupSummary, 'Sys'>('/sys/groups', 'Sys')),
  }),
});
export const { useGroupListQuery } = typed;

/** A file download behind the token header; false when it failed. */
export async function downloadFile(
  path: string,
  filename: string,
  query: Record<string, unknown> = {},
): Promise<boolean> {
  await ensureFreshToken();
  try {
    const res = await fetch(apiUrl(path, query), { headers: headers(false) });
    if (!res.ok) return false;
    const blob = await res.blob();
    saveBlob(blob, filename);
    return true;
  } catch {
    return false;
  }
}

export { saveBlob };

/** A multipart upload; answers the envelope (code 0 on success). */
export async function uploadFile(path: string, file: File, field = 'file'): Promise<Envelope> {
  await ensureFreshToken();
  const form = new FormData();
  form.append(field, file);
  try {
    const res = await fetch(apiUrl(path), { method: 'POST', headers: headers(false), body: form });
    try {
      return (await res.json()) as Envelope;
    } catch {
      return { code: res.status || -1 };
    }
  } catch {
    return { code: -1 };
  }
}
