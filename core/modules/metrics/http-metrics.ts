/**
 * The metrics middleware of the main port (core/app.ts uses it once, right after the request context): it times
 * every request under its route template, and answers `GET /metrics` itself, before the console fallback that
 * serves every other path outside the API could. /metrics is at the root, as Prometheus expects, not a route of
 * the API tables: it answers the exposition text, not the envelope (docs/monitoring.md).
 *
 * On the main port /metrics needs an API key holding the metrics scope (`sys:metrics:view`), sent as
 * `Authorization: Bearer <key>` (what Prometheus' `authorization` setting sends), `Authorization: ApiKey <key>`
 * or `X-Api-Key: <key>`. The keys module's own resolver decides (expiry, revocation, the owner's standing).
 * The listener of ATRIUM_METRICS_ADDRESS (listener.ts) serves it without a key.
 */
import type { Middleware, ParameterizedContext } from 'koa';
import { holds } from '../../actor.ts';
import type { Cradle } from '../../cradle.ts';
import { failure } from '../../http/envelope.ts';
import type { AppState } from '../../http/mount.ts';
import { METRICS_PERMISSION, UNMATCHED } from './registry.ts';

export const METRICS_PATH = '/metrics';

/** The key a scraper sent, in any of the three ways keys are sent. */
function sentKey(ctx: ParameterizedContext<AppState>): string | undefined {
  const [scheme, ...rest] = ctx.get('authorization').trim().split(' ');
  const value = rest.join(' ').trim();
  if (value && ['bearer', 'apikey'].includes(scheme?.toLowerCase() ?? '')) return value;
  return ctx.get('x-api-key').trim() || undefined;
}

/** Answers 401/403 in the envelope when the caller may not read the metrics; true when they may. */
async function admitted(ctx: ParameterizedContext<AppState>, c: Cradle): Promise<boolean> {
  const lang = ctx.state.lang ?? 'en';
  const refuse = (status: 401 | 403, key: string) => {
    ctx.status = status;
    if (status === 401) ctx.set('WWW-Authenticate', 'Bearer realm="atrium metrics"');
    ctx.body = failure(lang, status, key);
    return false;
  };
  const key = sentKey(ctx);
  if (!key) return refuse(401, 'common.tokenEmpty');
  let actor;
  try {
    actor = await c.apiKeyResolver.resolveApiKey(key, { lang, ip: ctx.ip });
  } catch {
    return refuse(401, 'auth.apiKeyInvalid');
  }
  if (!holds(actor, METRICS_PERMISSION)) return refuse(403, 'common.forbidden');
  return true;
}

export function httpMetrics(c: Cradle): Middleware<AppState> {
  return async (ctx, next) => {
    const started = performance.now();
    let status = 500;
    let route = UNMATCHED;
    try {
      if (ctx.path === METRICS_PATH) {
        route = METRICS_PATH;
        if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
          ctx.status = 405;
          ctx.set('Allow', 'GET, HEAD');
        } else if (await admitted(ctx, c)) {
          ctx.set('Cache-Control', 'no-store');
          ctx.type = c.metrics.contentType;
          ctx.body = await c.metrics.text();
        }
      } else {
        await next();
        // The template of the API route that answered (`/api/bookings/:id`), set by @koa/router as it matched.
        const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
        if (typeof matched === 'string') route = matched;
      }
      status = ctx.status;
    } finally {
      c.metrics.httpDuration.observe(
        { method: ctx.method, route, status: String(status) },
        (performance.now() - started) / 1000,
      );
    }
  };
}
