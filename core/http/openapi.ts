/**
 * The OpenAPI 3.1 document, generated from the same route tables and zod schemas
 * that validate requests, so it cannot drift from what the server does.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { codesOf, isCapability } from '../actor.ts';
import { PUBLIC, SIGNED_IN, type ModuleRoutes, type RouteDef } from './route.ts';

const Envelope = z.object({ code: z.number().int(), msg: z.string() });
const ErrorEnvelope = Envelope.extend({
  key: z.string().describe('stable message key, e.g. booking.timeTaken'),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

const errorResponses = {
  400: 'Validation error',
  401: 'Not signed in',
  403: 'No permission',
  404: 'Not found',
  409: 'Conflict',
  422: 'Refused by a business rule',
  429: 'Too many requests',
} as const;

function openapiPath(prefix: string, koaPath: string): string {
  return prefix + koaPath.replace(/:(\w+)/g, '{$1}');
}

function asObject(schema: z.ZodType | undefined): z.ZodObject | undefined {
  return schema instanceof z.ZodObject ? schema : undefined;
}

function register(registry: OpenAPIRegistry, prefix: string, tag: string, def: RouteDef): void {
  const perms = Array.isArray(def.permission) ? def.permission : [def.permission];
  const isPublic = perms.includes(PUBLIC);
  // Capabilities are listed by name and by the permission codes that grant them, which is what roles hold.
  const capabilities = perms.filter(isCapability);
  const codes = [...new Set(perms.flatMap((p): string[] => (isCapability(p) ? [...codesOf(p)] : [p])))];
  const dataSchema = def.response ?? z.unknown();
  const okSchema =
    def.spread && def.response instanceof z.ZodObject
      ? Envelope.extend(def.response.shape)
      : Envelope.extend({ data: dataSchema });
  const responses: Record<number, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {
    200: { description: 'Success', content: { 'application/json': { schema: okSchema } } },
  };
  for (const [status, description] of Object.entries(errorResponses)) {
    if (isPublic && (status === '401' || status === '403')) continue;
    responses[Number(status)] = { description, content: { 'application/json': { schema: ErrorEnvelope } } };
  }
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
    tags: [tag],
    summary: def.summary,
    description: [
      def.description,
      isPublic
        ? 'Public.'
        : perms.includes(SIGNED_IN)
          ? 'Any signed-in user.'
          : `${capabilities.length ? `Capability: \`${capabilities.join('` or `')}\`. ` : ''}Permission: \`${codes.join('` or `')}\`.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    security: isPublic ? [] : [{ token: [] }, { bearer: [] }, { apiKey: [] }],
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
  for (const table of tables) for (const def of table.routes) register(registry, prefix, table.tag, def);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Atrium API',
      version,
      description:
        'Rooms and desks booking. Every answer is `{ code, msg, ... }`; `code` is 0 on success and repeats the HTTP status otherwise. Send `i18n: cn | en | ja` for messages in that language.',
    },
    servers: [{ url: '/' }],
  });
}
