/**
 * The OpenAPI 3.1 document, generated from the same route tables and zod schemas
 * that validate requests, so it cannot drift from what the server does.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { codesOf, isCapability } from '../actor.ts';
import {
  MediaResponse,
  NO_DATA,
  operationIdOf,
  PUBLIC,
  RedirectResponse,
  SIGNED_IN,
  DEVICE,
  WALL,
  type ModuleRoutes,
  type RouteDef,
} from './route.ts';

const Envelope = z.object({ code: z.number().int(), msg: z.string() });
const ErrorEnvelope = Envelope.extend({
  key: z.string().describe('stable message key, e.g. booking.timeTaken'),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** The error statuses every route may answer; 403 only where a caller must sign in, 413 only with a body. */
const commonErrors: Record<number, string> = {
  400: 'Validation error',
  401: 'Not signed in',
  403: 'No permission',
  404: 'Not found',
  409: 'Conflict',
  413: 'Request body too large',
  422: 'Refused by a business rule',
  429: 'Too many requests',
};

/** `{/}`, an optional trailing slash (`/contacts{/}` for the clients that call `/contacts/`), is documented without. */
function openapiPath(prefix: string, koaPath: string): string {
  return prefix + koaPath.replace(/:(\w+)/g, '{$1}').replace(/\{\/\}$/, '');
}

function asObject(schema: z.ZodType | undefined): z.ZodObject | undefined {
  return schema instanceof z.ZodObject ? schema : undefined;
}

interface ResponseObject {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: unknown }>;
}

/** The schema of a non-JSON answer of a media type: text, or bytes. */
function mediaSchema(type: string): object {
  if (type.startsWith('application/json')) return { type: 'object' };
  if (/^text\/|javascript|xml/.test(type)) return { type: 'string' };
  return { type: 'string', format: 'binary' };
}

/** The success answer of a route as it declared it. */
function successResponse(def: RouteDef): [number, ResponseObject] {
  const decl = def.response;
  if (decl instanceof MediaResponse)
    return [
      200,
      {
        description: decl.description,
        content: Object.fromEntries(decl.types.map((t) => [t.split(';')[0]!.trim(), { schema: mediaSchema(t) }])),
      },
    ];
  if (decl instanceof RedirectResponse)
    return [302, { description: decl.description, headers: { Location: { schema: { type: 'string' } } } }];
  let schema: z.ZodType;
  if (decl === NO_DATA || decl === undefined) schema = Envelope;
  else if (def.spread) {
    if (!(decl instanceof z.ZodObject))
      throw new Error(`Route ${def.method} ${def.path}: a spread answer is an object`);
    schema = Envelope.extend(decl.shape);
  } else schema = Envelope.extend({ data: decl });
  return [200, { description: 'Success', content: { 'application/json': { schema } } }];
}

/** The statuses other than success a route answers, each with the error envelope. */
export function errorStatuses(def: RouteDef): Record<number, string> {
  const perms = Array.isArray(def.permission) ? def.permission : [def.permission];
  const out: Record<number, string> = { ...commonErrors };
  if (perms.includes(PUBLIC)) {
    // A public route ignores a token that is not valid but refuses an API key that is not.
    out[401] = 'An API key came along that is not valid';
    delete out[403];
  }
  if (!def.body && !def.multipart) delete out[413];
  return { ...out, ...def.errors };
}

function register(registry: OpenAPIRegistry, prefix: string, tag: string, def: RouteDef): void {
  const perms = Array.isArray(def.permission) ? def.permission : [def.permission];
  const isPublic = perms.includes(PUBLIC);
  const forDevices = perms.includes(DEVICE);
  // A wall screen's credential is admitted beside the users the route's other permissions admit (R19.12).
  const forWalls = perms.includes(WALL);
  // Only a wall screen's credential (its own stream): the credential is the whole permission, as for door tablets.
  const wallsOnly = perms.every((p) => p === WALL);
  // Capabilities are listed by name and by the permission codes that grant them, which is what roles hold.
  const capabilities = perms.filter(isCapability);
  const codes = wallsOnly
    ? [WALL]
    : [...new Set(perms.filter((p) => p !== WALL).flatMap((p): string[] => (isCapability(p) ? [...codesOf(p)] : [p])))];
  const [okStatus, ok] = successResponse(def);
  const responses: Record<number, ResponseObject> = { [okStatus]: ok };
  if (def.redirects)
    responses[302] = { description: def.redirects, headers: { Location: { schema: { type: 'string' } } } };
  for (const [status, description] of Object.entries(errorStatuses(def)))
    responses[Number(status)] = { description, content: { 'application/json': { schema: ErrorEnvelope } } };
  const request: Record<string, unknown> = {};
  const params = asObject(def.params);
  const query = asObject(def.query);
  if (params) request.params = params;
  if (query) request.query = query;
  if (def.body) request.body = { content: { 'application/json': { schema: def.body } } };
  if (def.multipart)
    request.body = {
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.string().meta({ format: 'binary' }), type: z.string().optional() }),
        },
      },
    };
  registry.registerPath({
    method: def.method,
    path: openapiPath(prefix, def.path),
    operationId: operationIdOf(def),
    tags: [tag],
    summary: def.summary,
    description: [
      def.description,
      isPublic
        ? 'Public.'
        : perms.includes(SIGNED_IN)
          ? 'Any signed-in user.'
          : forDevices
            ? "A paired door tablet's credential (`Authorization: Device <credential>`), its own room only."
            : wallsOnly
              ? "A paired wall screen's credential (`Authorization: Device <credential>`) only."
              : `${capabilities.length ? `Capability: \`${capabilities.join('` or `')}\`. ` : ''}Permission: \`${codes.join('` or `')}\`.`,
      forWalls && !wallsOnly
        ? "Also a paired wall screen's credential (`Authorization: Device <credential>`)."
        : undefined,
    ]
      .filter(Boolean)
      .join('\n\n'),
    security: isPublic
      ? []
      : forDevices || wallsOnly
        ? [{ device: [] }]
        : [{ token: [] }, { bearer: [] }, { apiKey: [] }, ...(forWalls ? [{ device: [] }] : [])],
    request: request as never,
    responses: responses as never,
    ...({ 'x-permission': codes, ...(capabilities.length ? { 'x-capability': capabilities } : {}) } as object),
  });
}

export function buildOpenApiDocument(prefix: string, tables: ModuleRoutes[], version: string): object {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'token', { type: 'apiKey', in: 'header', name: 'token' });
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  registry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-Api-Key' });
  registry.registerComponent('securitySchemes', 'device', {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
    description: 'A door tablet or a wall screen: `Device <credential>` from POST /pad/pair',
  });
  for (const table of tables)
    for (const def of table.routes) if (!def.undocumented) register(registry, prefix, table.tag, def);
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Atrium API',
      version,
      description:
        'Rooms and desks booking. Every answer is `{ code, msg, ... }`; `code` is 0 on success and repeats the HTTP status otherwise. Send `i18n: cn | en | ja` for messages in that language.',
    },
    servers: [{ url: '/' }],
  });
  return withPlainPatterns(doc);
}

/**
 * The generator writes a regular expression's flags after its source (`^https?:\/\/\S+$/i`), which no JSON Schema
 * reader understands: the flags go, and `i` is spelled out as letter classes (`[hH][tT]...`). `u` needs nothing:
 * patterns are read as Unicode.
 */
function withPlainPatterns<T>(node: T): T {
  if (Array.isArray(node)) node.forEach(withPlainPatterns);
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') (node as Record<string, unknown>)[key] = plainPattern(value);
      else withPlainPatterns(value);
    }
  return node;
}

export function plainPattern(pattern: string): string {
  const flags = /\/([dgimsuyv]+)$/.exec(pattern);
  if (!flags) return pattern;
  const source = pattern.slice(0, -flags[0].length);
  if (!flags[1]!.includes('i')) return source;
  const both = (c: string) =>
    c.toLowerCase() === c.toUpperCase() ? '' : c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += c + (source[++i] ?? '');
    } else if (c === '[') {
      // A class: each letter and letter range gains its other case; escapes (\s, \p{..}) stay as they are.
      let cls = source[i + 1] === '^' ? '[^' : '[';
      i += cls.length - 1;
      let extra = '';
      while (++i < source.length && source[i] !== ']') {
        const d = source[i]!;
        if (d === '\\') {
          cls += d + source[++i];
          if (source[i] === 'p' || source[i] === 'P') while (source[i] !== '}' && i < source.length) cls += source[++i];
        } else if (source[i + 1] === '-' && source[i + 2] && source[i + 2] !== ']') {
          const to = source[i + 2]!;
          cls += `${d}-${to}`;
          if (both(d) && both(to)) extra += `${both(d)}-${both(to)}`;
          i += 2;
        } else {
          cls += d;
          extra += both(d);
        }
      }
      out += `${cls}${extra}]`;
    } else out += both(c) ? `[${c}${both(c)}]` : c;
  }
  return out;
}
