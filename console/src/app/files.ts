/**
 * Files up and down. Every transfer goes through the api slice's base query,
 * so it gets the same token refresh before it leaves, the same sign-out on
 * 401 and the same toast of the server's message as any other call.
 */
import { baseQuery, type ApiArgs, type ApiError } from './api.ts';
import type { Envelope } from './http.ts';
import type { AppDispatch, RootState } from './store.ts';

type FileThunk<T> = (dispatch: AppDispatch, getState: () => RootState) => Promise<T>;
type Outcome = { data: Envelope } | { error: ApiError };

function send(args: ApiArgs): FileThunk<Outcome> {
  return async (dispatch, getState) => {
    const controller = new AbortController();
    const outcome = await baseQuery(
      args,
      {
        signal: controller.signal,
        abort: () => controller.abort(),
        dispatch,
        getState,
        extra: undefined,
        endpoint: 'file',
        type: args.method && args.method !== 'GET' ? 'mutation' : 'query',
      },
      {},
    );
    return 'error' in outcome && outcome.error ? { error: outcome.error } : { data: outcome.data as Envelope };
  };
}

const fileOf = (outcome: Outcome) =>
  'data' in outcome ? (outcome.data.file as { blob: Blob; name: string | null } | undefined) : undefined;

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads a file under the name the server gives it (else `fallbackName`); false when it failed (already toasted). */
export function downloadFile(
  path: string,
  fallbackName: string,
  query: Record<string, unknown> = {},
): FileThunk<boolean> {
  return async (dispatch, getState) => {
    const file = fileOf(await send({ url: path, params: query, as: 'blob' })(dispatch, getState));
    if (!file) return false;
    saveBlob(file.blob, file.name ?? fallbackName);
    return true;
  };
}

/** A file's bytes (a picture behind the token header), or null; a refusal is not toasted. */
export function fetchFile(path: string, query: Record<string, unknown> = {}): FileThunk<Blob | null> {
  return async (dispatch, getState) =>
    fileOf(await send({ url: path, params: query, as: 'blob', silent: true })(dispatch, getState))?.blob ?? null;
}

/** A multipart upload: the answer's envelope, or the refusal (whose message is already toasted). */
export function uploadFile(path: string, fields: Record<string, string | Blob>): FileThunk<Outcome> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return send({ url: path, method: 'POST', form });
}
