/**
 * The sign-in throttle as the console sees it: a refused try answers 429 with the seconds to wait
 * (`retryAfter`), and any sign-in answer may say that the next try needs a CAPTCHA (`captchaRequired`).
 */
import { useEffect, useState } from 'react';
import type { ApiError } from '../../app/api.ts';

export interface ThrottleAnswer {
  /** Seconds before the next try is looked at; 0 when it may be made now. */
  retryAfter: number;
  captchaRequired: boolean;
}

export function throttleOf(error: unknown): ThrottleAnswer {
  const body = ((error as ApiError | undefined)?.body ?? {}) as { retryAfter?: unknown; captchaRequired?: unknown };
  const status = (error as ApiError | undefined)?.status;
  const seconds = Number(body.retryAfter);
  return {
    retryAfter: status === 429 && Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 0,
    captchaRequired: body.captchaRequired === true,
  };
}

/** A countdown of the seconds left to wait: `start(n)` begins one, `seconds` is 0 when there is none. */
export function useWait(): { seconds: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [until]);
  return {
    seconds: Math.max(0, Math.ceil((until - now) / 1000)),
    start: (seconds) => {
      setNow(Date.now());
      setUntil(Date.now() + seconds * 1000);
    },
  };
}
