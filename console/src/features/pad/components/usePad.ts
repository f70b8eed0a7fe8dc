/**
 * The tablet's state: paired or not, its room, the day, and whether it is offline. The day is refetched on every
 * change the stream announces, every 60 s (states change with time), and every 3 s while offline, so a returning
 * connection shows within seconds; the last day stays on screen meanwhile.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '../../../i18n/index.ts';
import {
  followStream,
  isOffline,
  onUnpaired,
  padApi,
  pair as pairWithCode,
  PadError,
  readCredential,
  setPadLanguage,
  type PadDay,
  type PadMe,
} from '../api.ts';

export type Phase = 'loading' | 'pairing' | 'paired';

const REFRESH_MS = 60_000;
/** A presence sensor's reports reach the tablet by asking: more often while the room has one. */
const PRESENCE_REFRESH_MS = 10_000;
const OFFLINE_RETRY_MS = 3_000;

export interface Pad {
  phase: Phase;
  me: PadMe | null;
  day: PadDay | null;
  /** Epoch ms (the server's clock) since when the tablet is offline, or null. */
  offlineSince: number | null;
  /** The server's clock minus the tablet's, so the clock shows the server's time. */
  skew: number;
  /** The change stream is connected (its `ready` came). */
  streaming: boolean;
  /** A refusal of the day itself (not offline), shown instead of the day. */
  dayError: string | null;
  pair: (code: string) => Promise<void>;
  setLanguage: (lang: Lang) => void;
  /** An action's answer (the new day), or its failure: offline marks the tablet offline. */
  accept: (day: PadDay) => void;
  failed: (err: unknown) => void;
  refetch: () => Promise<void>;
}

export function usePad(): Pad {
  const { i18n } = useTranslation('pad');
  const [phase, setPhase] = useState<Phase>(() => (readCredential() ? 'loading' : 'pairing'));
  const [me, setMe] = useState<PadMe | null>(null);
  const [day, setDay] = useState<PadDay | null>(null);
  const [offlineSince, setOfflineSince] = useState<number | null>(null);
  const [skew, setSkew] = useState(0);
  const [dayError, setDayError] = useState<string | null>(null);
  const [streaming, setStreaming] = useState(false);
  const skewRef = useRef(0);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  setPadLanguage(isLang(i18n.language) ? i18n.language : 'cn');

  const markOffline = useCallback(() => setOfflineSince((s) => s ?? Date.now() + skewRef.current), []);

  const accept = useCallback((next: PadDay) => {
    skewRef.current = next.now - Date.now();
    setSkew(skewRef.current);
    setDay(next);
    setDayError(null);
    setOfflineSince(null);
  }, []);

  const failed = useCallback(
    (err: unknown) => {
      if (isOffline(err)) markOffline();
    },
    [markOffline],
  );

  const applyMe = useCallback(
    async (next: PadMe) => {
      setMe(next);
      if (next.reloadRequested) {
        await padApi.reloaded().catch(() => {});
        window.location.reload();
        return;
      }
      if (next.language !== i18n.language) await i18n.changeLanguage(next.language);
      setPadLanguage(next.language);
    },
    [i18n],
  );

  // Changes come in bursts: one fetch at a time, and one more after it when asked meanwhile.
  const refetch = useCallback((): Promise<void> => {
    if (inFlight.current) {
      again.current = true;
      return inFlight.current;
    }
    const run = (async () => {
      do {
        again.current = false;
        try {
          accept(await padApi.day());
        } catch (err) {
          if (isOffline(err)) markOffline();
          else if (err instanceof PadError && err.kind === 'refused') {
            setOfflineSince(null);
            setDayError(err.message || String(err.status));
          }
        }
      } while (again.current);
    })();
    inFlight.current = run;
    void run.finally(() => {
      inFlight.current = null;
    });
    return run;
  }, [accept, markOffline]);

  const loadMe = useCallback(async () => {
    try {
      await applyMe(await padApi.me());
      setPhase('paired');
    } catch (err) {
      // Offline at start: the retry below shows the room as soon as the server answers.
      if (isOffline(err)) markOffline();
    }
  }, [applyMe, markOffline]);

  useEffect(() => onUnpaired(() => setPhase('pairing')), []);

  useEffect(() => {
    if (phase === 'loading') void loadMe();
  }, [phase, loadMe]);

  // While loading offline, keep trying.
  useEffect(() => {
    if (phase !== 'loading' || offlineSince === null) return;
    const timer = setInterval(() => void loadMe(), OFFLINE_RETRY_MS);
    return () => clearInterval(timer);
  }, [phase, offlineSince, loadMe]);

  // Paired: the day, the stream, the minute refresh.
  const stream = useRef<ReturnType<typeof followStream> | null>(null);
  useEffect(() => {
    if (phase !== 'paired') return;
    void refetch();
    const follower = followStream({
      onEvent: (event) => {
        if (event === 'ready') setStreaming(true);
        void refetch();
      },
      onDown: () => {
        setStreaming(false);
        markOffline();
      },
    });
    stream.current = follower;
    const minute = setInterval(() => {
      void refetch();
      void padApi.me().then(applyMe, () => {});
    }, REFRESH_MS);
    return () => {
      follower.stop();
      setStreaming(false);
      stream.current = null;
      clearInterval(minute);
    };
  }, [phase, refetch, markOffline, applyMe]);

  const sensed = Boolean(day?.presence);
  useEffect(() => {
    if (phase !== 'paired' || !sensed) return;
    const timer = setInterval(() => void refetch(), PRESENCE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [phase, sensed, refetch]);

  // Offline: retry every few seconds; when the day answers again, follow the stream again at once.
  const offline = offlineSince !== null;
  useEffect(() => {
    if (phase !== 'paired' || !offline) return;
    const timer = setInterval(() => void refetch(), OFFLINE_RETRY_MS);
    return () => {
      clearInterval(timer);
      stream.current?.reconnectNow();
    };
  }, [phase, offline, refetch]);

  // The browser's own network events hint earlier than a failing call, but are not relied on alone.
  useEffect(() => {
    const goneOffline = () => markOffline();
    const backOnline = () => {
      void refetch();
      stream.current?.reconnectNow();
    };
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    return () => {
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
    };
  }, [markOffline, refetch]);

  const pair = useCallback(
    async (code: string) => {
      const lang = isLang(i18n.language) ? i18n.language : 'cn';
      const tablet = await pairWithCode(code, lang);
      setOfflineSince(null);
      await applyMe(tablet);
      setPhase('paired');
    },
    [applyMe, i18n],
  );

  const setLanguage = useCallback(
    (lang: Lang) => {
      void i18n.changeLanguage(lang);
      setPadLanguage(lang);
      if (readCredential()) {
        void padApi.setLanguage(lang).then(
          (next) => setMe(next),
          (err: unknown) => failed(err),
        );
      }
    },
    [i18n, failed],
  );

  return { phase, me, day, offlineSince, skew, streaming, dayError, pair, setLanguage, accept, failed, refetch };
}
