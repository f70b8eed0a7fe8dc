/**
 * Every call into a provider goes through here: bounded in time and caught, so
 * a provider that throws or hangs costs a logged error, never a request.
 */
export class ProviderTimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

/** Resolves or rejects like `work`, or rejects after `ms`. The abandoned call keeps running; its result is ignored. */
export function withTimeout<T>(work: () => Promise<T> | T, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ProviderTimeoutError(what, ms)), ms);
    timer.unref();
    Promise.resolve()
      .then(work)
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

/** A thrown value as a message: providers may throw anything (nock even rejects with non-Errors). */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}
