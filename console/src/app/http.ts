/**
 * The request conventions of docs/product-rules.md R18.7: base /api, headers token, i18n and
 * JSON, a timestamp t on every call, a 600 s timeout, outgoing strings trimmed.
 */
import i18n from '../i18n/index.ts';
import { trimDeep } from './clean.ts';
import { storage } from './storage.ts';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 600_000;

export interface Envelope {
  code: number;
  msg?: string;
  key?: string;
  [k: string]: unknown;
}

export function apiUrl(path: string, query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    // A list is the parameter repeated: its items may hold commas (device names, R12.5).
    if (Array.isArray(v)) for (const item of v as unknown[]) params.append(k, String(item));
    else params.set(k, String(v));
  }
  params.set('t', String(Date.now()));
  return `${API_BASE}${path}?${params.toString()}`;
}

export function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = { i18n: i18n.language || 'cn' };
  const token = storage.token;
  if (token) h.token = token;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

export interface RawAnswer {
  status: number;
  body: Envelope;
  /** A file answer (asked for with `as: 'blob'`): its bytes and the name the server gave it. */
  file?: { blob: Blob; name: string | null };
}

export interface RawOptions {
  query?: Record<string, unknown>;
  /** Sent as JSON, its strings trimmed. */
  body?: unknown;
  /** Sent as multipart instead of a JSON body. */
  form?: FormData;
  headers?: Record<string, string>;
  /** 'blob': a successful answer that is not JSON is read as a file. */
  as?: 'json' | 'blob';
}

/** The file name of a Content-Disposition header, or null. */
export function dispositionName(header: string | null): string | null {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header ?? '');
  if (!m?.[1]) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** One HTTP call; network failures and timeouts answer status 0. */
export async function rawRequest(method: string, path: string, options: RawOptions = {}): Promise<RawAnswer> {
  const json = options.form === undefined && options.body !== undefined && method !== 'GET';
  try {
    const res = await fetch(apiUrl(path, options.query), {
      method,
      headers: { ...headers(json), ...options.headers },
      body: options.form ?? (json ? JSON.stringify(trimDeep(options.body)) : undefined),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    if (options.as === 'blob' && res.ok && !isJson) {
      const file = { blob: await res.blob(), name: dispositionName(res.headers.get('content-disposition')) };
      return { status: res.status, body: { code: 0 }, file };
    }
    let body: Envelope;
    try {
      body = (await res.json()) as Envelope;
    } catch {
      body = { code: res.status || -1 };
    }
    return { status: res.status, body };
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    return { status: timedOut ? 408 : 0, body: { code: timedOut ? 408 : -1 } };
  }
}

/** The message key (docs/product-rules.md R18.9) for an HTTP status without a server message. */
export function statusMessageKey(status: number): string {
  const known = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505];
  return known.includes(status) ? `http.${status}` : 'http.network';
}
