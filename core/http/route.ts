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
/** A paired door tablet's credential (`Authorization: Device`), and nobody else (docs/product-rules.md R19). */
export const DEVICE = 'device' as const;
/** A paired wall screen's credential (`Authorization: Device`), besides whatever else the route admits (R19.12). */
export const WALL = 'wall' as const;

/**
 * What admits a caller to a route: a capability of a module (`bookings.book`), or a permission code where the
 * route is one screen's action (`sys:menu:add`), or PUBLIC / SIGNED_IN / DEVICE / WALL (docs/conventions.md,
 * Capabilities).
 */
export type Permission = typeof PUBLIC | typeof SIGNED_IN | typeof DEVICE | typeof WALL | Capability | PermissionCode;

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

/** A success answer that is not the JSON envelope: a file, an image, a calendar, a page (a `RawReply`). */
export class MediaResponse {
  constructor(
    /** Its media types, e.g. `text/calendar`; `application/json` for a bare JSON document. */
    readonly types: string[],
    readonly description: string,
  ) {}
}

/** A success answer that is a redirect (a `RedirectReply`, 302 with `Location`). */
export class RedirectResponse {
  constructor(readonly description: string) {}
}

/** The envelope alone, `{ code, msg }`: a route whose handler answers nothing. */
export const NO_DATA = 'noData' as const;

/** Declares a file, image, calendar or page answer: `response: media('Private calendar', 'text/calendar')`. */
export const media = (description: string, ...types: string[]) => new MediaResponse(types, description);
/** Declares a redirect answer. */
export const redirect = (description: string) => new RedirectResponse(description);

/** What a route answers on success: `data`'s schema, no data, a file or a redirect. Every route declares one. */
export type ResponseDecl = z.ZodType | typeof NO_DATA | MediaResponse | RedirectResponse;

export interface RouteDef<B = unknown, Q = unknown, P = unknown> {
  method: HttpMethod;
  /** Relative to the API prefix, koa style: `/sys/users/:id`. */
  path: string;
  permission: Permission | Permission[];
  summary: string;
  description?: string;
  /** Unique name of the operation for client generators; derived from the method and path when absent. */
  operationId?: string;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** The success answer: the schema of `data` (of the whole envelope with `spread`), `NO_DATA`, `media()` or `redirect()`. */
  response: ResponseDecl;
  /**
   * Error statuses this route answers beyond the ones every route may (400, 401, 404, 409, 422, 429; 403 unless
   * public; 413 with a body), with what they mean. Bodies are the error envelope.
   */
  errors?: Record<number, string>;
  /** Also answers a redirect (302 with `Location`) instead of its `response`, when this says. */
  redirects?: string;
  /** Spread the handler's object into the envelope, not under `data` (historical calls, docs/architecture.md A4.6). */
  spread?: boolean;
  /** Accepts multipart/form-data, with at most this many bytes per file. */
  multipart?: { maxFileBytes: number };
  /** Still reachable while the caller must change their password (first sign-in, expiry). */
  duringPasswordChange?: boolean;
  /** Extra rate limit for this route: requests per minute per client address. */
  rateLimitPerMinute?: number;
  /**
   * Left out of the OpenAPI document, with the reason: a protocol of its own that answers neither the envelope nor
   * JSON errors and describes itself (SCIM, core/modules/scim).
   */
  undocumented?: string;
  /**
   * Answers this route's refusals in the route's own shape instead of the envelope (SCIM errors), including those
   * of authentication, body parsing and validation before the handler; undefined leaves an error to the envelope.
   */
  failure?: (err: unknown, lang: Lang) => RawReply | undefined;
  handler: (input: RouteInput<B, Q, P>) => Promise<unknown> | unknown;
}

/** The parsed type of an optional schema: what the handler sees. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * Declares a route; the handler's `body`, `query` and `params` are typed by the schemas given, so no type
 * argument is written by hand.
 */
export function route<
  BS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  PS extends z.ZodType | undefined = undefined,
>(
  def: Omit<RouteDef, 'body' | 'query' | 'params' | 'handler'> & {
    body?: BS;
    query?: QS;
    params?: PS;
    handler: (input: RouteInput<Parsed<BS>, Parsed<QS>, Parsed<PS>>) => Promise<unknown> | unknown;
  },
): RouteDef {
  return def as unknown as RouteDef;
}

export interface ModuleRoutes {
  /** OpenAPI tag. */
  tag: string;
  routes: RouteDef[];
}

/** The operation's name in the OpenAPI document: its own, or `get` + the path's words (`getSysUsersById`). */
export function operationIdOf(def: RouteDef): string {
  if (def.operationId) return def.operationId;
  const words = def.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...segment.slice(1).split(/\W+/)] : segment.split(/\W+/)))
    .filter(Boolean);
  return def.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * What the start-up check asks of a route besides its permission: a declared success answer, and an operation name
 * no other route has. Throws the reason.
 */
export function assertDocumented(tables: ModuleRoutes[]): void {
  const names = new Map<string, string>();
  for (const table of tables) {
    for (const r of table.routes) {
      const id = `${r.method.toUpperCase()} ${r.path}`;
      if (r.response === undefined) throw new Error(`Route ${id} (${table.tag}) declares no response`);
      const name = operationIdOf(r);
      const other = names.get(name);
      if (other) throw new Error(`Routes ${other} and ${id} have the same operationId ${name}`);
      names.set(name, id);
    }
  }
}
