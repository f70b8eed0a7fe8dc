/**
 * A module's routes are data: method, path, permission, schemas and a thin handler.
 * The same table drives validation, the permission check and the OpenAPI document,
 * so a route cannot exist without all three.
 */
import type { z } from 'zod';
import type { Actor, Capability } from '../actor.ts';
import type { PermissionCode } from '../capability.ts';
import type { Lang } from '../i18n/index.ts';

/** Anyone, signed in or not. */
export const PUBLIC = 'public' as const;
/** Any signed-in user, whatever their permissions. */
export const SIGNED_IN = 'signedIn' as const;

/**
 * What admits a caller to a route: a capability of a module (`bookings.book`), or a permission code where the
 * route is one screen's action (`sys:menu:add`), or PUBLIC / SIGNED_IN (docs/conventions.md, Capabilities).
 */
export type Permission = typeof PUBLIC | typeof SIGNED_IN | Capability | PermissionCode;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface UploadedFile {
  fieldName: string;
  originalName: string;
  mime: string;
  size: number;
  /** Temporary file; removed after the request. */
  path: string;
}

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** Present on every route except PUBLIC ones (where it is set only when a valid token came along). */
  actor: Actor;
  lang: Lang;
  ip: string;
  requestId: string;
  headers: Record<string, string | string[] | undefined>;
  files: UploadedFile[];
}

/** A handler's answer when it is not JSON: a file, an image, a redirect or a page. */
export class RawReply {
  constructor(
    readonly body: Buffer | string | NodeJS.ReadableStream,
    readonly contentType: string,
    readonly options: { filename?: string; status?: number; headers?: Record<string, string> } = {},
  ) {}
}

/**
 * A success answer whose `data` is already JSON text: large answers (the booking grid) are built as
 * text from pre-rendered pieces instead of as a hundred thousand objects for JSON.stringify.
 */
export class JsonData {
  constructor(readonly json: string) {}
}

export class RedirectReply {
  constructor(readonly location: string) {}
}

/** Any of the answers above with response headers of its own (a cookie the handler sets, for one). */
export class WithHeaders {
  constructor(
    readonly headers: Record<string, string>,
    readonly reply: unknown,
  ) {}
}

export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: HttpMethod;
  /** Relative to the API prefix, koa style: `/sys/users/:id`. */
  path: string;
  permission: Permission | Permission[];
  summary: string;
  description?: string;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** Schema of `data` in a success answer, for the OpenAPI document. */
  response?: z.ZodType;
  /** Spread the handler's object into the envelope, not under `data` (historical calls, docs/architecture.md A4.6). */
  spread?: boolean;
  /** Accepts multipart/form-data, with at most this many bytes per file. */
  multipart?: { maxFileBytes: number };
  /** Still reachable while the caller must change their password (first sign-in, expiry). */
  duringPasswordChange?: boolean;
  /** Extra rate limit for this route: requests per minute per client address. */
  rateLimitPerMinute?: number;
  handler: (input: RouteInput<B, Q, P>) => Promise<unknown> | unknown;
}

/** Typed helper so each route's handler sees the types of its own schemas. */
export function route<B = undefined, Q = undefined, P = undefined>(def: RouteDef<B, Q, P>): RouteDef {
  return def as unknown as RouteDef;
}

export interface ModuleRoutes {
  /** OpenAPI tag. */
  tag: string;
  routes: RouteDef[];
}
