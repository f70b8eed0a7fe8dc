/** The middleware every request passes before reaching a route. */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError, BadRequestError } from '../errors.ts';
import { resolveLang } from '../i18n/index.ts';
import { failure } from './envelope.ts';
import type { AppState } from './mount.ts';

/** The path as logged: a private calendar feed's path holds its credential (/bookings/feed/<token>.ics). */
export const loggedPath = (path: string) => path.replace(/(\/bookings\/feed\/)[^/]+/, '$1***');

/** Request id (taken from X-Request-Id when sane), language, and one access-log line per request. */
export function requestContext(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = /^[\w.-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.lang = resolveLang(ctx.get('i18n') || ctx.get('accept-language'));
    ctx.set('X-Request-Id', ctx.state.requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      // Only the path: query strings may carry codes and tokens of single sign-on callbacks.
      logger.info(
        {
          reqId: ctx.state.requestId,
          method: ctx.method,
          path: loggedPath(ctx.path),
          status: ctx.status,
          ms,
          user: ctx.state.actor?.userId,
        },
        'request',
      );
    }
  };
}

/**
 * Refuses a path whose percent-encoding is broken (`/%E0%A4%A`): no route or file can match it, and decoding it
 * further in would throw.
 */
export const wellFormedPath: Middleware<AppState> = async (ctx, next) => {
  try {
    decodeURIComponent(ctx.path);
  } catch {
    throw new BadRequestError('common.badPath');
  }
  await next();
};

/** Maps thrown errors to the envelope: AppError by its status and key; body-parser errors to 4xx; the rest to 500. */
export function errorEnvelope(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const lang = ctx.state.lang ?? 'cn';
      if (err instanceof AppError) {
        ctx.status = err.status;
        ctx.body = failure(lang, err.status, err.key, err.params, err.details);
        if (err.status === 429) ctx.set('Retry-After', String(Number(err.details.retryAfter) || 60));
        return;
      }
      const e = err as { status?: number; statusCode?: number; type?: string; name?: string; message?: string };
      const status = e.status ?? e.statusCode;
      if (status && status >= 400 && status < 500) {
        const key =
          status === 413
            ? 'common.bodyTooLarge'
            : e.type === 'entity.parse.failed' || e.name === 'SyntaxError' || /JSON|invalid/i.test(e.message ?? '')
              ? 'common.malformedJson'
              : status === 404
                ? 'common.notFound'
                : 'common.badRequest';
        ctx.status = status;
        ctx.body = failure(lang, status, key, { path: ctx.path });
        return;
      }
      logger.error({ err, reqId: ctx.state.requestId, path: loggedPath(ctx.path) }, 'unhandled error');
      ctx.status = 500;
      ctx.body = failure(lang, 500, 'common.internal', {}, { requestId: ctx.state.requestId });
    }
  };
}
