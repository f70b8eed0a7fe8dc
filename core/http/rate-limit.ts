/**
 * Per-address request limits for routes that invite guessing (sign-in, CAPTCHA,
 * client logs). Kept in process memory: a limit per process is still a limit, and
 * the durable defence (the sign-in throttle's growing waits) lives in the database.
 * Behind a proxy the address is the one our own proxies reported (`proxyHops`).
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { TooManyRequestsError } from '../errors.ts';

const limiters = new Map<string, RateLimiterMemory>();

export async function consumeRate(bucket: string, perMinute: number, key: string): Promise<void> {
  let limiter = limiters.get(`${bucket}:${perMinute}`);
  if (!limiter) {
    limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
    limiters.set(`${bucket}:${perMinute}`, limiter);
  }
  try {
    await limiter.consume(key);
  } catch {
    throw new TooManyRequestsError();
  }
}
