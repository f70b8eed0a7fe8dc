import { useEffect } from 'react';
import { navigate } from '../app/navigation.ts';
import { ensureFreshToken } from '../app/refresh.ts';
import { signedOut } from '../app/sessionSlice.ts';
import { useAppDispatch } from '../app/store.ts';

/** How often the signed-in layout checks the token (every 20 s, docs/product-rules.md R18.8). */
export const KEEP_ALIVE_MS = 20_000;

/**
 * Refreshes an expiring token in the background, so a screen left open (a
 * dashboard, a booking page) keeps its session when the user comes back.
 */
export function useKeepAlive(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setInterval(() => {
      void ensureFreshToken().then((outcome) => {
        if (outcome !== 'signedOut') return;
        dispatch(signedOut());
        navigate(`/login?redirect=${encodeURIComponent(window.location.pathname)}`, { replace: true });
      });
    }, KEEP_ALIVE_MS);
    return () => clearInterval(timer);
  }, [dispatch]);
}
