/**
 * The SCIM 2.0 service under `<api prefix>/scim/v2` (docs/scim.md). Each route is public to the common check and
 * admits the caller itself (caller.ts), answers `application/scim+json` and refuses in the SCIM error shape; so
 * the routes are left out of the OpenAPI document (SCIM describes itself at /ServiceProviderConfig, /Schemas and
 * /ResourceTypes, and its answers are not Atrium's envelope).
 */
import type { Actor } from '../../actor.ts';
import type { Cradle } from '../../cradle.ts';
import { media, PUBLIC, route, type ModuleRoutes, type RouteDef, type RouteInput } from '../../http/route.ts';
import { scimCaller } from './caller.ts';
import { resourceType, resourceTypes, schema, schemas, serviceProviderConfig } from './discovery.ts';
import { scimFailure, scimReply } from './reply.ts';
import { paging, SCIM_BASE, SCIM_MEDIA, ScimBody, ScimIdParam, ScimQuery } from './schema.ts';

const UNDOCUMENTED =
  'SCIM 2.0 (RFC 7644): answers application/scim+json and SCIM errors, described by its own discovery endpoints and docs/scim.md';

type Input = RouteInput<Record<string, unknown> | undefined, ScimQuery | undefined, { id: string } | undefined>;

export function scimRoutes(c: Cradle): ModuleRoutes {
  const base = `${c.config.publicUrl}${c.config.apiPrefix}${SCIM_BASE}`;
  /** Admits the caller and runs the call; a refusal, here or before, is answered by scimFailure. */
  const scim = (run: (actor: Actor, input: Input) => Promise<unknown>) => async (input: Input) =>
    run(await scimCaller(input, c.apiKeyResolver), input);
  const def = (
    method: RouteDef['method'],
    path: string,
    summary: string,
    run: (actor: Actor, input: Input) => Promise<unknown>,
    extra: { body?: boolean; params?: boolean; query?: boolean } = {},
  ): RouteDef =>
    route({
      method,
      path: `${SCIM_BASE}${path}`,
      permission: PUBLIC,
      undocumented: UNDOCUMENTED,
      failure: scimFailure,
      summary,
      response: media('SCIM resource', SCIM_MEDIA),
      ...(extra.body ? { body: ScimBody } : {}),
      ...(extra.params ? { params: ScimIdParam } : {}),
      ...(extra.query ? { query: ScimQuery } : {}),
      handler: scim(run) as never,
    });
  const body = (input: Input) => input.body ?? {};
  const id = (input: Input) => input.params!.id;
  const users = c.scimUsersService;
  const groups = c.scimGroupsService;
  const excluded = (q: ScimQuery | undefined) => /(^|,)\s*members\s*(,|$)/i.test(q?.excludedAttributes ?? '');

  return {
    tag: 'SCIM',
    routes: [
      def('get', '/ServiceProviderConfig', 'SCIM service provider configuration', async () =>
        scimReply(serviceProviderConfig(base)),
      ),
      def('get', '/Schemas', 'SCIM schemas', async () => scimReply(schemas(base))),
      def('get', '/Schemas/:id', 'One SCIM schema', async (_, i) => scimReply(schema(base, id(i))), { params: true }),
      def('get', '/ResourceTypes', 'SCIM resource types', async () => scimReply(resourceTypes(base))),
      def('get', '/ResourceTypes/:id', 'One SCIM resource type', async (_, i) => scimReply(resourceType(base, id(i))), {
        params: true,
      }),
      def(
        'get',
        '/Users',
        'SCIM users: filter, startIndex, count',
        async (_, i) => {
          const { startIndex, count } = paging(i.query ?? {});
          return scimReply(await users.list(i.query?.filter, startIndex, count, base));
        },
        { query: true },
      ),
      def('get', '/Users/:id', 'One SCIM user', async (_, i) => scimReply(await users.get(id(i), base)), {
        params: true,
        query: true,
      }),
      def(
        'post',
        '/Users',
        'Provision a user',
        async (a, i) => {
          const user = await users.create(a, body(i), base);
          return scimReply(user, 201, { Location: user.meta.location });
        },
        { body: true },
      ),
      def(
        'put',
        '/Users/:id',
        'Replace a user',
        async (a, i) => scimReply(await users.replace(a, id(i), body(i), base)),
        {
          body: true,
          params: true,
        },
      ),
      def(
        'patch',
        '/Users/:id',
        'Change a user (PatchOp)',
        async (a, i) => scimReply(await users.patch(a, id(i), body(i), base)),
        {
          body: true,
          params: true,
        },
      ),
      def(
        'delete',
        '/Users/:id',
        'Delete a user (disabled instead when records name it)',
        async (a, i) => {
          await users.remove(a, id(i));
          return scimReply(undefined, 204);
        },
        { params: true },
      ),
      def(
        'get',
        '/Groups',
        'SCIM groups: filter, startIndex, count',
        async (_, i) => {
          const { startIndex, count } = paging(i.query ?? {});
          return scimReply(await groups.list(i.query?.filter, startIndex, count, base, excluded(i.query)));
        },
        { query: true },
      ),
      def('get', '/Groups/:id', 'One SCIM group', async (_, i) => scimReply(await groups.get(id(i), base)), {
        params: true,
        query: true,
      }),
      def(
        'post',
        '/Groups',
        'Create a group',
        async (a, i) => {
          const group = await groups.create(a, body(i), base);
          return scimReply(group, 201, { Location: group.meta.location });
        },
        { body: true },
      ),
      def(
        'put',
        '/Groups/:id',
        'Replace a group',
        async (a, i) => scimReply(await groups.replace(a, id(i), body(i), base)),
        {
          body: true,
          params: true,
        },
      ),
      def(
        'patch',
        '/Groups/:id',
        'Change a group (PatchOp)',
        async (a, i) => scimReply(await groups.patch(a, id(i), body(i), base)),
        {
          body: true,
          params: true,
        },
      ),
      def(
        'delete',
        '/Groups/:id',
        'Delete a group',
        async (a, i) => {
          await groups.remove(a, id(i));
          return scimReply(undefined, 204);
        },
        { params: true },
      ),
    ],
  };
}
