/**
 * The wall screen's credential and calls (docs/product-rules.md R19.12). Pairing trades the code for a device
 * credential, kept under its own key (a door tablet's is `padCredential`); the wall then reads through the console's
 * api slice, which sends the credential while the wall runs (runOnDevice in app/api.ts).
 */
import { api } from '../../app/api.ts';
import { apiUrl, type Envelope } from '../../app/http.ts';
import type { Lang } from '../../i18n/index.ts';
import { followStream, PadError, type PadMe, type Paired } from '../pad/api.ts';

const CREDENTIAL_KEY = 'wallCredential';
export const WALL_APP_VERSION = 'console-wall-1';

export function readWallCredential(): string | null {
  try {
    return localStorage.getItem(CREDENTIAL_KEY);
  } catch {
    return null;
  }
}

export function writeWallCredential(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(CREDENTIAL_KEY);
    else localStorage.setItem(CREDENTIAL_KEY, value);
  } catch {
    // storage disabled: the pairing lasts the page
  }
}

/**
 * POST /pad/pair with a wall screen's code: keeps the credential and answers it. A door tablet's code is refused
 * here (its credential would open none of the wall's reads); the server's refusals come as PadError.
 */
export async function pairWall(code: string, lang: Lang, notAWall: string): Promise<string> {
  const screen = `${window.screen.width}x${window.screen.height}`;
  let res: Response;
  try {
    res = await fetch(apiUrl('/pad/pair'), {
      method: 'POST',
      headers: { i18n: lang, 'Content-Type': 'application/json', 'X-App-Version': WALL_APP_VERSION },
      body: JSON.stringify({
        code,
        purpose: 'wall',
        language: lang,
        appVersion: WALL_APP_VERSION,
        ...(/^\d{2,5}x\d{2,5}$/.test(screen) ? { screen } : {}),
      }),
      cache: 'no-store',
    });
  } catch {
    throw new PadError('offline', 0, '');
  }
  const envelope = (await res.json().catch(() => null)) as (Envelope & { data?: Paired }) | null;
  if (!res.ok || !envelope?.data) throw new PadError('refused', res.status, envelope?.msg ?? '');
  if (envelope.data.tablet.purpose !== 'wall') throw new PadError('refused', 400, notAWall);
  writeWallCredential(envelope.data.credential);
  return envelope.data.credential;
}

/**
 * Follows the wall's live stream (GET /pad/wall/stream, docs/product-rules.md R19.12): `onChange` hears each booking
 * change of the rooms the wall shows, and each connection (changes may have been missed while it was down).
 */
export function followWallStream(credential: string, onChange: () => void, onRefused: () => void) {
  return followStream(
    { onEvent: onChange, onDown: () => undefined },
    {
      path: '/pad/wall/stream',
      headers: () => ({ Authorization: `Device ${credential}`, 'X-App-Version': WALL_APP_VERSION }),
      onRefused,
    },
  );
}

const wallApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /pad/me: the wall's name and panel, and whether an administrator asked it to reload. */
    wallMe: build.query<PadMe, void>({
      query: () => ({ url: '/pad/me', silent: true }),
      transformResponse: (body: Envelope) => body.data as PadMe,
    }),
    wallReloaded: build.mutation<PadMe, void>({
      query: () => ({ url: '/pad/me/reloaded', method: 'POST', silent: true }),
      transformResponse: (body: Envelope) => body.data as PadMe,
    }),
  }),
});

export const { useWallMeQuery, useWallReloadedMutation } = wallApi;
