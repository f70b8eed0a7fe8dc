/**
 * What happens when no route matched: under the API prefix a 404 (or 405 when the
 * path exists with another method) in the envelope; elsewhere the console, whose
 * own router shows its 404 page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import type Router from '@koa/router';
import { failure } from './envelope.ts';
import type { AppState } from './mount.ts';

export function apiNotFound(prefix: string, router: Router<AppState>): Middleware<AppState> {
  return async (ctx, next) => {
    if (ctx.path !== prefix && !ctx.path.startsWith(`${prefix}/`)) return next();
    const matched = router.match(ctx.path, ctx.method);
    const lang = ctx.state.lang;
    if (!matched.route && matched.path.length > 0) {
      const allowed = [...new Set(matched.path.flatMap((l) => l.methods))].filter((m) => m !== 'HEAD');
      ctx.set('Allow', allowed.join(', '));
      ctx.status = 405;
      ctx.body = failure(lang, 405, 'common.methodNotAllowed', { method: ctx.method });
      return;
    }
    ctx.status = 404;
    ctx.body = failure(lang, 404, 'common.notFound', { path: ctx.path });
  };
}

/** Serves the built console; unknown paths get index.html so the client router decides. */
export function consoleStatic(staticDir: string): Middleware<AppState> {
  const index = path.join(staticDir, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The console is not built yet: run `npm run build`.';
      return;
    }
    const rel = decodeURIComponent(ctx.path);
    const file = path.join(staticDir, rel);
    if (rel !== '/' && file.startsWith(staticDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // Hashed assets never change; index.html must always be fresh.
      const immutable = rel.startsWith('/assets/');
      await send(ctx, rel, { root: staticDir, maxage: immutable ? 31_536_000_000 : 0, immutable });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root: staticDir });
  };
}
