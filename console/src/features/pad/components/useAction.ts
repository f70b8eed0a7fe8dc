/** One tablet action's request: busy while it runs, its error kept to show, the new day handed on. */
import { useState } from 'react';
import type { PadDay } from '../api.ts';

export function useAction(done: (day: PadDay) => void, failed: (err: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (call: () => Promise<PadDay>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      done(await call());
      return true;
    } catch (err) {
      setError(err);
      failed(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
