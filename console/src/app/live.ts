/**
 * One live stream per browser tab (GET /api/live/bookings; docs/product-rules.md R12.6, docs/architecture.md A8.6),
 * whatever the number of screens that show bookings: each says what it follows (resources, or the user's own bookings and approvals with
 * `mine`), the hub holds one stream for all of them and tells each, through its `onChange`, when a change of what it
 * follows has arrived. The stream is read with fetch (an EventSource cannot send the token). It is reopened with the
 * Last-Event-ID it reached, so nothing is missed: when what is followed changes, when the server ends it (a restart,
 * the token's lifetime), and at once when the network comes back or the tab wakes up. A server that no longer keeps
 * that id answers `reset`: every screen refetches, as it does after any reopening that could not resume.
 */
import { readFrames } from './event-stream.ts';
import { headers, apiUrl } from './http.ts';
import { ensureFreshToken } from './refresh.ts';

export interface LiveInterest {
  resourceIds: readonly number[];
  mine?: boolean;
  /** A change arrived (or may have been missed): refetch. */
  onChange: () => void;
}

/** The server follows at most this many resources on one stream. */
const MAX_FOLLOWED = 1000;
/** Several screens mount and unmount together: the stream is reopened once they have settled. */
const SETTLE_MS = 150;
/** A burst of changes (a series, a calendar sync) is one refetch. */
const REFETCH_MS = 250;
/** The server sends a heartbeat every 15 s: this long without a byte, the connection is dead (a sleep, a network change). */
const SILENCE_MS = 40_000;
const BACKOFF_MS = [1000, 2000, 5000];

const interests = new Map<number, LiveInterest>();
let nextId = 0;
let lastEventId: string | undefined;
let controller: AbortController | null = null;
let followingKey = '';
let connected = false;
let attempt = 0;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let silenceTimer: ReturnType<typeof setTimeout> | undefined;
const pending = new Set<LiveInterest>();
let refetchTimer: ReturnType<typeof setTimeout> | undefined;

/** Follows `interest` until the answered function is called. */
export function followLive(interest: LiveInterest): () => void {
  const id = nextId++;
  interests.set(id, interest);
  settle();
  return () => {
    interests.delete(id);
    pending.delete(interest);
    settle();
  };
}

function wanted(): { resourceIds: number[]; mine: boolean } {
  const ids = new Set<number>();
  let mine = false;
  for (const i of interests.values()) {
    for (const r of i.resourceIds) ids.add(r);
    mine ||= Boolean(i.mine);
  }
  return { resourceIds: [...ids].sort((a, b) => a - b).slice(0, MAX_FOLLOWED), mine };
}

const keyOf = (w: { resourceIds: number[]; mine: boolean }) => `${w.resourceIds.join(',')}|${w.mine ? 1 : 0}`;

function settle(): void {
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => {
    const w = wanted();
    const key = w.resourceIds.length || w.mine ? keyOf(w) : '';
    if (key === followingKey && (controller || !key)) return;
    followingKey = key;
    if (!key) return close();
    void connect(w);
  }, SETTLE_MS);
}

function close(): void {
  clearTimeout(retryTimer);
  clearTimeout(silenceTimer);
  controller?.abort();
  controller = null;
  connected = false;
}

/** Tells the screens following this resource (or all, for `undefined`) to refetch, once per burst. */
function changed(resourceId: number | undefined, organiserOrApprover: boolean): void {
  for (const i of interests.values())
    if (resourceId === undefined || i.resourceIds.includes(resourceId) || (i.mine && organiserOrApprover))
      pending.add(i);
  clearTimeout(refetchTimer);
  refetchTimer = setTimeout(() => {
    const now = [...pending];
    pending.clear();
    for (const i of now) i.onChange();
  }, REFETCH_MS);
}

function dispatch(frame: string, resumed: boolean): void {
  let event = 'message';
  let data = '';
  for (const line of frame.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') lastEventId = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data += value;
  }
  if (event === 'ready') {
    attempt = 0;
    // Reopened without a point to resume from: what happened meanwhile is not replayed.
    if (!resumed) changed(undefined, true);
    return;
  }
  if (event === 'reset') return changed(undefined, true);
  if (!event.startsWith('booking.') || !data) return;
  try {
    const booking = (JSON.parse(data) as { booking?: { resourceId?: number } }).booking;
    // A screen following only its own bookings learns of them whatever the resource: the server sent it for that.
    changed(booking?.resourceId, true);
  } catch {
    changed(undefined, true);
  }
}

async function connect(w: { resourceIds: number[]; mine: boolean }): Promise<void> {
  close();
  const mine = new AbortController();
  controller = mine;
  const resumeFrom = lastEventId;
  // Before the first connection nothing was shown from the stream: no catch-up is owed.
  const firstEver = resumeFrom === undefined && attempt === 0 && !connected;
  const watchSilence = () => {
    clearTimeout(silenceTimer);
    silenceTimer = setTimeout(() => mine.abort(), SILENCE_MS);
  };
  watchSilence();
  try {
    if ((await ensureFreshToken()) === 'signedOut') return close();
    const query: Record<string, unknown> = {};
    if (w.resourceIds.length) query.resourceIds = w.resourceIds.join(',');
    if (w.mine) query.mine = true;
    const res = await fetch(apiUrl('/live/bookings', query), {
      headers: {
        ...headers(false),
        Accept: 'text/event-stream',
        ...(resumeFrom !== undefined ? { 'Last-Event-ID': resumeFrom } : {}),
      },
      signal: mine.signal,
      cache: 'no-store',
    });
    if (!res.ok || !res.body) return retry(mine);
    connected = true;
    await readFrames(res.body, (frame) => dispatch(frame, resumeFrom !== undefined || firstEver), watchSilence);
    retry(mine);
  } catch {
    retry(mine);
  } finally {
    if (controller === mine) clearTimeout(silenceTimer);
  }
}

function retry(of: AbortController): void {
  // Replaced by a newer connection (what is followed changed): that one carries on.
  if (controller !== of || !followingKey) return;
  controller = null;
  connected = false;
  clearTimeout(retryTimer);
  const wait = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
  attempt++;
  retryTimer = setTimeout(() => {
    if (!controller && followingKey) void connect(wanted());
  }, wait);
}

/** The network is back or the tab is shown again: a stream that is down reopens now, not after its back-off. */
function wake(): void {
  if (!followingKey || controller) return;
  clearTimeout(retryTimer);
  attempt = 0;
  void connect(wanted());
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') wake();
  });
}
