/**
 * The RTK Query api slice every feature extends with `api.injectEndpoints`.
 * Its base query applies docs/product-rules.md R18.8 and R18.9: pre-refresh of the token, 401
 * ends the session and asks to sign in again, 403 runs the no-permission
 * handler (or the forced password change), other failures toast the
 * server's translated message.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import i18n from '../i18n/index.ts';
import { rawRequest, statusMessageKey, type Envelope } from './http.ts';
import { currentPath, navigate } from './navigation.ts';
import { ensureFreshToken } from './refresh.ts';
import { passwordPrompted, signedOut } from './sessionSlice.ts';
import { toastShown } from './uiSlice.ts';
import type { MenuEntry } from './storage.ts';
import type { Capability } from '../../../core/modules/capabilities.ts';
import type { Contact } from '../../../core/modules/users/schema.ts';

export interface ApiArgs {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, unknown>;
  body?: unknown;
  /** A multipart body (an upload) instead of JSON. */
  form?: FormData;
  /** 'blob': the answer is a file (a download, a picture); it arrives as `file` beside `code: 0`. */
  as?: 'json' | 'blob';
  /** Extra request headers (the confirmation of a sensitive change). */
  headers?: Record<string, string>;
  /** Sign-in calls: no pre-refresh and no session handling of 401/403. */
  public?: boolean;
  /** The caller shows the error itself. */
  silent?: boolean;
}

export interface ApiError {
  status: number;
  code: number;
  msg: string;
  key?: string;
  body?: Envelope;
}

/**
 * The error log also goes to the server when the clientLogEnabled parameter
 * is on (docs/product-rules.md R18.9: POST /openapi/clientLog with from 'pc'); best effort.
 */
function sendClientLog(getState: () => unknown, entry: Record<string, unknown>): void {
  const config = api.endpoints.config.select()(getState() as never).data?.config;
  if (config?.clientLogEnabled !== true) return;
  void rawRequest('POST', '/openapi/clientLog', { body: { from: 'pc', page: window.location.pathname, ...entry } });
}

/** The login page, remembering where the user was (but never a login page within a login page). */
const loginPath = () => {
  const here = currentPath();
  return here.startsWith('/login') ? here : `/login?redirect=${encodeURIComponent(here)}`;
};
const onLoginPage = () => window.location.pathname === '/login';

/**
 * The wall screen (/wall, docs/product-rules.md R19.12) runs on a device credential instead of a user's session.
 * While one is set here every call carries `Authorization: Device <credential>`, no token is refreshed, and a 401
 * goes to `onRefused` (the wall forgets the credential and pairs again) instead of signing out to /login.
 */
interface DeviceRun {
  credential: string;
  onRefused: () => void;
}
let device: DeviceRun | null = null;

/** Runs the api slice on a wall screen's credential (null: back to the user's session). */
export function runOnDevice(run: DeviceRun | null): void {
  device = run;
}

export const baseQuery: BaseQueryFn<ApiArgs, Envelope, ApiError> = async (args, api) => {
  const onDevice = device;
  if (!args.public && !onDevice) {
    const outcome = await ensureFreshToken();
    if (outcome === 'signedOut') {
      api.dispatch(signedOut());
      if (!onLoginPage()) navigate(loginPath(), { replace: true });
      return { error: { status: 401, code: 401, msg: i18n.t('session.expired') } };
    }
  }
  const res = await rawRequest(args.method ?? 'GET', args.url, {
    query: args.params,
    body: args.body,
    form: args.form,
    headers: onDevice ? { ...args.headers, Authorization: `Device ${onDevice.credential}` } : args.headers,
    as: args.as,
  });
  if (res.status >= 200 && res.status < 300 && res.body.code === 0)
    return { data: res.file ? { ...res.body, file: res.file } : res.body };

  const code = res.body.code > 0 ? res.body.code : res.status;
  const msg = res.body.msg || i18n.t(statusMessageKey(res.status || code));
  const error: ApiError = { status: res.status, code, msg, key: res.body.key, body: res.body };
  if (code >= 500 || res.status === 0)
    sendClientLog(api.getState, { url: args.url, method: args.method ?? 'GET', status: res.status, code, msg });
  if (onDevice && res.status === 401) {
    // Revoked, re-paired or unknown: the wall shows its pairing screen, never the sign-in page.
    if (device === onDevice) onDevice.onRefused();
    return { error };
  }
  if (!args.public && code === 401) {
    // Several calls can fail together: the first one signs out and moves to login, the rest stay quiet.
    const stillSignedIn = (api.getState() as { session?: { signedIn?: boolean } }).session?.signedIn !== false;
    if (stillSignedIn && !onLoginPage()) {
      api.dispatch(toastShown('error', i18n.t('session.expired')));
      api.dispatch(signedOut());
      navigate(loginPath(), { replace: true });
    }
    return { error };
  }
  if (!args.public && code === 403 && res.body.key === 'auth.passwordChangeRequired') {
    api.dispatch(passwordPrompted('required'));
    return { error };
  }
  if (!args.silent) api.dispatch(toastShown('error', msg));
  return { error };
};

export interface NavAnswer extends Envelope {
  menuList: MenuEntry[];
  permissions: string[];
  capabilities: Capability[];
}

export interface ConfigAnswer extends Envelope {
  config: Record<string, unknown>;
  time: number;
  /** When the answer arrived, to compute the server clock offset. */
  receivedAt: number;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Nav', 'Config'],
  endpoints: (build) => ({
    nav: build.query<NavAnswer, void>({
      query: () => ({ url: '/sys/menu/nav' }),
      providesTags: ['Nav'],
    }),
    config: build.query<ConfigAnswer, void>({
      query: () => ({ url: '/sys/config/all', public: true, silent: true }),
      transformResponse: (body: Envelope) => ({ ...(body as ConfigAnswer), receivedAt: Date.now() }),
      providesTags: ['Config'],
    }),
    /** People to choose from (approvers, group members, attendees): several areas ask, one endpoint answers. */
    contacts: build.query<Contact[], string>({
      query: (q) => ({ url: '/contacts/', params: { q: q || undefined, limit: 50 }, silent: true }),
      transformResponse: (body: Envelope) => body.data as Contact[],
    }),
  }),
});

export const { useNavQuery, useConfigQuery, useLazyNavQuery, useContactsQuery } = api;

/** The `data` of an answer, typed by the endpoint that reads it. */
export const dataOf = <T>(body: Envelope): T => body.data as T;
