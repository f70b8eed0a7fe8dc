/**
 * The door tablet's calls (docs/product-rules.md R19). The tablet has no user session: every call carries
 * `Authorization: Device <credential>`, so it cannot go through the console's api slice, which adds the
 * user's token and sends a 401 to /login. Here a 401 forgets the credential and the screen pairs again.
 */
import { readFrames } from '../../app/event-stream.ts';
import { apiUrl, type Envelope } from '../../app/http.ts';
import { encrypt } from '../../app/crypto.ts';
import type {
  PadAuth,
  PadBookNow,
  PadDay,
  PadExtend,
  PadMeeting,
} from '../../../../core/modules/tablets/door-schema.ts';
import type { PadQr } from '../../../../core/modules/tablets/room-qr-schema.ts';
import type { PadMe, PadRoom, Paired } from '../../../../core/modules/tablets/schema.ts';
import type { Lang } from '../../i18n/index.ts';

export type { PadMe, PadRoom, Paired };

export type { PadAuth, PadDay, PadMeeting };
export type PadState = PadDay['status']['state'];
export type BookMinutes = PadBookNow['minutes'];
export type ExtendMinutes = PadExtend['minutes'];

const CREDENTIAL_KEY = 'padCredential';
export const APP_VERSION = 'console-pad-1';

export function readCredential(): string | null {
  try {
    return localStorage.getItem(CREDENTIAL_KEY);
  } catch {
    return null;
  }
}

function writeCredential(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(CREDENTIAL_KEY);
    else localStorage.setItem(CREDENTIAL_KEY, value);
  } catch {
    // storage disabled: the pairing lasts the page
  }
}

/**
 * A failed tablet call: `offline` when the server could not be reached (the screen keeps the last day and
 * retries), `unpaired` on 401 (the credential is gone), otherwise the server's translated `msg`.
 */
export class PadError extends Error {
  constructor(
    readonly kind: 'offline' | 'unpaired' | 'refused',
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PadError';
  }
}

export const isOffline = (err: unknown): boolean => err instanceof PadError && err.kind === 'offline';

let unpairedListener: () => void = () => {};

/** Who hears that the credential was refused (the page, which shows the pairing screen). */
export function onUnpaired(listener: () => void): () => void {
  unpairedListener = listener;
  return () => {
    if (unpairedListener === listener) unpairedListener = () => {};
  };
}

let language: Lang = 'cn';
/** The language the server answers messages in (the tablet's). */
export function setPadLanguage(lang: Lang): void {
  language = lang;
}

function padHeaders(json: boolean): Record<string, string> {
  const h: Record<string, string> = { i18n: language, 'Accept-Language': language, 'X-App-Version': APP_VERSION };
  const credential = readCredential();
  if (credential) h.Authorization = `Device ${credential}`;
  if (json) h['Content-Type'] = 'application/json';
  return h;
}

const CALL_TIMEOUT_MS = 20_000;

async function padCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const json = body !== undefined;
  let res: Response;
  try {
    res = await fetch(apiUrl(path), {
      method,
      headers: padHeaders(json),
      body: json ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      cache: 'no-store',
    });
  } catch {
    throw new PadError('offline', 0, '');
  }
  let envelope: Envelope | null = null;
  try {
    envelope = (await res.json()) as Envelope;
  } catch {
    // a proxy's page or an empty answer: judged by the status below
  }
  if (res.ok && envelope && envelope.code === 0) return envelope.data as T;
  const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
  if (res.status === 401 && path !== '/pad/pair') {
    writeCredential(null);
    unpairedListener();
    throw new PadError('unpaired', 401, msg);
  }
  // A gateway in front of a stopped server answers 502-504 without our envelope: the server is out of reach.
  if (!envelope && res.status >= 502 && res.status <= 504) throw new PadError('offline', res.status, '');
  throw new PadError('refused', res.status, msg);
}

export async function pair(code: string, lang: Lang): Promise<PadMe> {
  const screen = `${window.screen.width}x${window.screen.height}`;
  const answer = await padCall<Paired>('POST', '/pad/pair', {
    code,
    purpose: 'door',
    language: lang,
    appVersion: APP_VERSION,
    ...(/^\d{2,5}x\d{2,5}$/.test(screen) ? { screen } : {}),
  });
  writeCredential(answer.credential);
  return answer.tablet;
}

export function forgetPairing(): void {
  writeCredential(null);
}

export const padApi = {
  me: () => padCall<PadMe>('GET', '/pad/me'),
  setLanguage: (lang: Lang) => padCall<PadMe>('PUT', '/pad/me', { language: lang }),
  reloaded: () => padCall<PadMe>('POST', '/pad/me/reloaded'),
  day: () => padCall<PadDay>('GET', '/pad/day'),
  checkIn: (bookingId: number, code: string) => padCall<PadDay>('POST', '/pad/checkin', { bookingId, code }),
  bookNow: (minutes: BookMinutes, auth: PadAuth, subject?: string) =>
    padCall<PadDay>('POST', '/pad/book-now', { minutes, auth, ...(subject ? { subject } : {}) }),
  extend: (bookingId: number, minutes: ExtendMinutes, auth: PadAuth) =>
    padCall<PadDay>('POST', `/pad/bookings/${bookingId}/extend`, { minutes, auth }),
  end: (bookingId: number, auth: PadAuth) => padCall<PadDay>('POST', `/pad/bookings/${bookingId}/end`, { auth }),
  /** Someone at the door keeps the meeting under way in a room its sensor finds empty. */
  keep: (bookingId: number) => padCall<PadDay>('POST', `/pad/bookings/${bookingId}/keep`),
  /** The address of the QR code the tablet shows (valid three minutes, asked for every minute). */
  qr: () => padCall<PadQr>('GET', '/pad/qr'),
};

/** The password is sent RSA-encrypted, as the sign-in page sends it. */
export async function passwordAuth(username: string, password: string): Promise<PadAuth> {
  try {
    return { method: 'password', username: username.trim(), password: await encrypt(password) };
  } catch {
    throw new PadError('offline', 0, '');
  }
}

const BACKOFF_MS = [1000, 2000, 5000];
/** Heartbeats come every 15 s: a stream silent for longer than two of them is taken for dead. */
const SILENCE_MS = 35_000;

export interface StreamHandlers {
  /** `ready` (connected, possibly again) or a `booking.*` change. */
  onEvent: (event: string) => void;
  /** The stream could not be opened or broke off for want of the network. */
  onDown: () => void;
}

/** A device's stream: the door tablet's (GET /pad/stream) or the wall screen's (GET /pad/wall/stream). */
export interface StreamSource {
  path: string;
  headers: () => Record<string, string>;
  /** The credential was refused (401): the stream stops for good. */
  onRefused: () => void;
}

const DOOR_STREAM: StreamSource = {
  path: '/pad/stream',
  headers: () => padHeaders(false),
  onRefused: () => {
    writeCredential(null);
    unpairedListener();
  },
};

/**
 * Follows a device's stream (the door tablet's unless told) with fetch and a reader (an EventSource cannot send the
 * credential), reconnecting after 1, 2, 5, 5 … s. `reconnectNow` skips the wait (the network is back). Answers the
 * stop function.
 */
export function followStream(
  handlers: StreamHandlers,
  source: StreamSource = DOOR_STREAM,
): { stop: () => void; reconnectNow: () => void } {
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;

  const watchSilence = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => controller?.abort(), SILENCE_MS);
  };

  const retry = () => {
    if (stopped) return;
    clearTimeout(retryTimer);
    const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)] ?? 5000;
    attempt++;
    retryTimer = setTimeout(() => void connect(), wait);
  };

  const dispatch = (frame: string) => {
    let event = 'message';
    let hasField = false;
    for (const line of frame.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      hasField = true;
      if (line.startsWith('event:')) event = line.slice(6).trim();
    }
    if (!hasField) return;
    if (event === 'ready') attempt = 0;
    handlers.onEvent(event);
  };

  const connect = async () => {
    if (stopped) return;
    controller?.abort();
    const mine = new AbortController();
    controller = mine;
    watchSilence();
    try {
      const res = await fetch(apiUrl(source.path), {
        headers: { ...source.headers(), Accept: 'text/event-stream' },
        signal: mine.signal,
        cache: 'no-store',
      });
      if (res.status === 401) {
        source.onRefused();
        stopped = true;
        return;
      }
      if (!res.ok || !res.body) {
        // Refused for another reason (a server not yet offering the stream, too many clients): try again later.
        if (res.status >= 502 && res.status <= 504) handlers.onDown();
        return retry();
      }
      await readFrames(res.body, dispatch, watchSilence);
      // The server ended the stream (a restart, the credential's time): follow again.
      retry();
    } catch {
      if (stopped || controller !== mine) return;
      handlers.onDown();
      retry();
    } finally {
      if (controller === mine) clearTimeout(silenceTimer);
    }
  };

  void connect();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(silenceTimer);
      controller?.abort();
    },
    reconnectNow: () => {
      if (stopped) return;
      attempt = 0;
      clearTimeout(retryTimer);
      void connect();
    },
  };
}
