/**
 * Turns the modules' route tables into a Koa router. For every route, in this
 * order: rate limit, authentication, permission, body parsing, validation of
 * params, query and body, the handler, and the envelope. A route without a
 * permission declaration stops the server at start.
 */
import fs from 'node:fs/promises';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { can, holds, isCapability, type Actor } from '../actor.ts';
import { BadRequestError, ForbiddenError, PayloadTooLargeError, UnauthorizedError } from '../errors.ts';
import type { Lang } from '../i18n/index.ts';
import { readCredential, type ApiKeyResolver, type DeviceResolver, type TokenResolver } from './authenticate.ts';
import { success } from './envelope.ts';
import { consumeRate } from './rate-limit.ts';
import {
  assertDocumented,
  DEVICE,
  JsonData,
  PUBLIC,
  RawReply,
  RedirectReply,
  SIGNED_IN,
  WALL,
  WithHeaders,
  type ModuleRoutes,
  type RouteDef,
  type UploadedFile,
} from './route.ts';
import { parseWith } from './validate.ts';

export interface MountDeps {
  tokens: TokenResolver;
  apiKeys?: ApiKeyResolver;
  /** Door tablets' and wall screens' credentials, admitted only on DEVICE and WALL routes. */
  devices?: DeviceResolver;
  bodyLimitBytes: number;
  /** Upper bound of any upload, whatever a route allows. */
  uploadLimitBytes: number;
  /** The permission codes of the catalogue: a route naming another code stops the server at start. */
  permissionCodes: ReadonlySet<string>;
}

export interface AppState {
  lang: Lang;
  requestId: string;
  actor?: Actor;
}

const anonymous = (lang: Lang, ip: string): Actor => ({
  userId: 0,
  username: '',
  permissions: new Set(),
  lang,
  ip,
  via: 'system',
});

export function assertRouteTable(tables: ModuleRoutes[], permissionCodes: ReadonlySet<string>): void {
  const seen = new Set<string>();
  for (const table of tables) {
    for (const r of table.routes) {
      const id = `${r.method.toUpperCase()} ${r.path}`;
      const perms = Array.isArray(r.permission) ? r.permission : [r.permission];
      if (perms.length === 0 || perms.some((p) => typeof p !== 'string' || p.trim() === '')) {
        throw new Error(`Route ${id} (${table.tag}) declares no permission`);
      }
      const unknown = perms.find(
        (p) =>
          p !== PUBLIC && p !== SIGNED_IN && p !== DEVICE && p !== WALL && !isCapability(p) && !permissionCodes.has(p),
      );
      if (unknown) throw new Error(`Route ${id} (${table.tag}) declares ${unknown}, neither a capability nor a code`);
      if (seen.has(id)) throw new Error(`Route ${id} is declared twice`);
      seen.add(id);
    }
  }
}

/**
 * A door tablet passes DEVICE and nothing else, a wall screen WALL and nothing else; everyone else passes anything
 * but DEVICE and WALL as before.
 */
export function isAllowed(actor: Actor, permission: RouteDef['permission']): boolean {
  const perms = Array.isArray(permission) ? permission : [permission];
  if (actor.via === 'device') return perms.includes(actor.device?.purpose === 'wall' ? WALL : DEVICE);
  return perms.some(
    (p) =>
      p === PUBLIC ||
      p === SIGNED_IN ||
      (p !== DEVICE && p !== WALL && (isCapability(p) ? can(actor, p) : holds(actor, p))),
  );
}

export function buildRouter(prefix: string, tables: ModuleRoutes[], deps: MountDeps): Router<AppState> {
  assertRouteTable(tables, deps.permissionCodes);
  assertDocumented(tables);
  const router = new Router<AppState>({ prefix });
  const jsonBody = koaBody({
    jsonLimit: deps.bodyLimitBytes,
    formLimit: deps.bodyLimitBytes,
    textLimit: deps.bodyLimitBytes,
    text: false,
    // koa-body's JSON types, and application/scim+json that SCIM clients send (core/modules/scim).
    jsonTypes: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
      'application/reports+json',
      'application/scim+json',
    ],
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as never,
  });
  for (const table of tables) {
    for (const def of table.routes) {
      const body = def.multipart
        ? multipartBody(Math.min(def.multipart.maxFileBytes, deps.uploadLimitBytes), deps.bodyLimitBytes)
        : jsonBody;
      const steps = [authenticate(def, deps), body, handle(def)];
      router[def.method](def.path, ...(def.failure ? [ownFailure(def.failure), ...steps] : steps));
    }
  }
  return router;
}

/** A route's own refusals (RouteDef.failure): what it answers replaces the envelope's. */
function ownFailure(failure: NonNullable<RouteDef['failure']>): Middleware<AppState> {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const answer = failure(err, ctx.state.lang);
      if (!answer) throw err;
      ctx.status = answer.options.status ?? 400;
      ctx.type = answer.contentType;
      ctx.body = answer.body;
    }
  };
}

function authenticate(def: RouteDef, deps: MountDeps): Middleware<AppState> {
  const perms = Array.isArray(def.permission) ? def.permission : [def.permission];
  const isPublic = perms.includes(PUBLIC);
  const forDevices = perms.includes(DEVICE) || perms.includes(WALL);
  return async (ctx, next) => {
    const { lang } = ctx.state;
    if (def.rateLimitPerMinute) await consumeRate(`${def.method}:${def.path}`, def.rateLimitPerMinute, ctx.ip);
    const credential = readCredential(ctx.headers);
    const caller = { lang, ip: ctx.ip };
    if (credential?.kind === 'token') {
      try {
        ctx.state.actor = await deps.tokens.resolveAccessToken(credential.value, caller);
      } catch (err) {
        if (!isPublic) throw err;
      }
    } else if (credential?.kind === 'apiKey') {
      if (!deps.apiKeys) throw new UnauthorizedError('auth.apiKeyInvalid');
      ctx.state.actor = await deps.apiKeys.resolveApiKey(credential.value, caller);
    } else if (credential?.kind === 'device') {
      // A tablet's credential is no user session: elsewhere it is as if none came, a public route runs anonymous.
      if (forDevices && deps.devices) {
        const appVersion = ctx.get('x-app-version').trim() || undefined;
        ctx.state.actor = await deps.devices.resolveDevice(credential.value, { ...caller, appVersion });
      } else if (!isPublic) throw new UnauthorizedError('tablets.notForDevices');
    }
    if (!isPublic) {
      if (!ctx.state.actor) throw new UnauthorizedError(credential ? 'common.unauthorized' : 'common.tokenEmpty');
      if (!isAllowed(ctx.state.actor, def.permission)) throw new ForbiddenError();
      if (ctx.state.actor.mustChangePassword && !def.duringPasswordChange)
        throw new ForbiddenError('auth.passwordChangeRequired');
    }
    await next();
  };
}

function multipartBody(maxFileBytes: number, fieldLimit: number): Middleware<AppState> {
  const parser = koaBody({
    multipart: true,
    json: false,
    formLimit: fieldLimit,
    formidable: {
      maxFileSize: maxFileBytes,
      maxFiles: 5,
      maxFields: 50,
      allowEmptyFiles: false,
      keepExtensions: false,
    },
    onError: (err) => {
      const message = String((err as Error).message ?? '');
      if (/maxFileSize|max total file size|exceeded|maxTotalFileSize/i.test(message))
        throw new PayloadTooLargeError('upload.tooLarge', { mb: Math.round((maxFileBytes / 1048576) * 10) / 10 });
      throw new BadRequestError('common.uploadFailed');
    },
  });
  return parser as unknown as Middleware<AppState>;
}

function collectFiles(ctx: Context): UploadedFile[] {
  const files = (ctx.request as unknown as { files?: Record<string, unknown> }).files ?? {};
  const out: UploadedFile[] = [];
  for (const [fieldName, value] of Object.entries(files)) {
    for (const f of Array.isArray(value) ? value : [value]) {
      const file = f as { originalFilename?: string; mimetype?: string; size: number; filepath: string };
      out.push({
        fieldName,
        originalName: file.originalFilename ?? '',
        mime: file.mimetype ?? 'application/octet-stream',
        size: file.size,
        path: file.filepath,
      });
    }
  }
  return out;
}

function handle(def: RouteDef): Middleware<AppState> {
  return async (ctx) => {
    const { lang, requestId } = ctx.state;
    const files = def.multipart ? collectFiles(ctx) : [];
    try {
      const rawBody = (ctx.request as unknown as { body?: unknown }).body;
      const input = {
        params: def.params ? parseWith(def.params, ctx.params, lang) : (ctx.params as unknown),
        query: def.query ? parseWith(def.query, { ...ctx.query }, lang) : (ctx.query as unknown),
        body: def.body ? parseWith(def.body, rawBody ?? {}, lang) : undefined,
        actor: ctx.state.actor ?? anonymous(lang, ctx.ip),
        lang,
        ip: ctx.ip,
        requestId,
        headers: ctx.headers,
        files,
      };
      const result = await def.handler(input);
      reply(ctx, def, lang, result);
    } finally {
      await Promise.all(files.map((f) => fs.rm(f.path, { force: true })));
    }
  };
}

function reply(ctx: Context, def: RouteDef, lang: Lang, result: unknown): void {
  if (result instanceof WithHeaders) {
    for (const [k, v] of Object.entries(result.headers)) ctx.set(k, v);
    return reply(ctx, def, lang, result.reply);
  }
  if (result instanceof RawReply) {
    ctx.status = result.options.status ?? 200;
    ctx.type = result.contentType;
    if (result.options.filename) ctx.attachment(result.options.filename);
    for (const [k, v] of Object.entries(result.options.headers ?? {})) ctx.set(k, v);
    ctx.body = result.body;
    return;
  }
  if (result instanceof RedirectReply) {
    ctx.redirect(result.location);
    return;
  }
  ctx.status = 200;
  if (result instanceof JsonData) {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = `${JSON.stringify(success(lang)).slice(0, -1)},"data":${result.json}}`;
    return;
  }
  if (result === undefined) ctx.body = success(lang);
  else if (def.spread) ctx.body = success(lang, result as Record<string, unknown>);
  else ctx.body = success(lang, { data: result });
}
