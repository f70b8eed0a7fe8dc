/**
 * Builds the Koa application: common middleware, every module's routes under
 * the API prefix, the API's own 404/405, and the console for every other path.
 */
import Koa from 'koa';
import helmet from 'koa-helmet';
import type { AppContainer, Cradle } from './cradle.ts';
import type { ApiKeyResolver, DeviceResolver } from './http/authenticate.ts';
import { buildOpenApiDocument } from './http/openapi.ts';
import { docsRoutes } from './http/docs.ts';
import { apiNotFound, consoleStatic } from './http/fallback.ts';
import { errorEnvelope, requestContext, wellFormedPath } from './http/middleware.ts';
import { buildRouter, type AppState } from './http/mount.ts';
import type { ModuleRoutes } from './http/route.ts';
import { modules } from './modules/index.ts';
import { allPermissions } from './modules/menus/index.ts';
import { httpMetrics } from './modules/metrics/index.ts';
import { VERSION } from './version.ts';

export function routeTables(cradle: Cradle): ModuleRoutes[] {
  const tables = modules.filter((m) => m.routes).map((m) => m.routes!(cradle));
  let doc: object | undefined;
  const prefix = cradle.config.apiPrefix;
  tables.push(docsRoutes(prefix, () => (doc ??= buildOpenApiDocument(prefix, tables, VERSION))));
  return tables;
}

export function buildApp(container: AppContainer): Koa<AppState> {
  const c = container.cradle;
  const app = new Koa<AppState>({ proxy: c.config.trustProxy });
  // Only the entries our own proxies appended to X-Forwarded-For are believed; the client writes the rest.
  app.maxIpsCount = c.config.proxyHops;
  app.silent = true;
  const tables = routeTables(c);
  const router = buildRouter(c.config.apiPrefix, tables, {
    tokens: c.authService,
    apiKeys: container.hasRegistration('apiKeyResolver')
      ? container.resolve<ApiKeyResolver>('apiKeyResolver' as keyof Cradle)
      : undefined,
    devices: container.hasRegistration('deviceResolver')
      ? container.resolve<DeviceResolver>('deviceResolver' as keyof Cradle)
      : undefined,
    bodyLimitBytes: c.config.bodyLimitBytes,
    uploadLimitBytes: c.config.uploadLimitBytes,
    permissionCodes: new Set(allPermissions()),
  });
  app.use(requestContext(c.logger));
  // Metrics (core/modules/metrics, docs/monitoring.md): times every request under its route template (the final
  // status, after the envelope below), and answers GET /metrics itself, before the console fallback could.
  app.use(httpMetrics(c));
  app.use(errorEnvelope(c.logger));
  app.use(wellFormedPath);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Only the console's own files: the built index.html and the API docs page carry no inline script.
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      hsts: false, // only over TLS: see strictTransport
    }),
  );
  app.use(strictTransport);
  app.use(router.routes());
  app.use(apiNotFound(c.config.apiPrefix, router));
  app.use(consoleStatic(c.config.staticDir));
  return app;
}

/**
 * HSTS only on answers that went over TLS (behind a trusted proxy, X-Forwarded-Proto tells): an installation
 * reached over plain HTTP has no TLS to insist on.
 */
const strictTransport: Koa.Middleware<AppState> = async (ctx, next) => {
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  await next();
};
