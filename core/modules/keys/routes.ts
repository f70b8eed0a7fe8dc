import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { SIGNED_IN, route, type ModuleRoutes } from '../../http/route.ts';
import { CreatedKey, IdParam, KeyInput, KeyQuery, KeyView, UserKeyQuery } from './schema.ts';

export function keysRoutes({ apiKeysService }: Cradle): ModuleRoutes {
  return {
    tag: 'API keys',
    routes: [
      route({
        method: 'get',
        path: '/sys/keys',
        response: pageOf(KeyView),
        permission: 'sys:secret:view',
        query: KeyQuery,
        summary: "API keys (never their secrets); userId gives one user's",
        handler: ({ query }) => apiKeysService.list(query),
      }),
      route({
        method: 'get',
        path: '/sys/users/:id/keys',
        response: pageOf(KeyView),
        // Those who may reset the user's password see which keys the reset would revoke.
        permission: 'keys.viewUserKeys',
        params: IdParam,
        query: UserKeyQuery,
        summary: "One user's API keys (never their secrets), as a password reset would revoke them",
        handler: ({ params, query }) => apiKeysService.list({ ...query, userId: params.id }),
      }),
      route({
        method: 'get',
        path: '/sys/user/keys',
        response: pageOf(KeyView),
        permission: SIGNED_IN,
        duringPasswordChange: true,
        query: UserKeyQuery,
        summary: "The caller's own API keys (never their secrets), as the password change offers to revoke them",
        handler: ({ actor, query }) => apiKeysService.list({ ...query, userId: actor.userId }),
      }),
      route({
        method: 'post',
        path: '/sys/keys',
        permission: 'sys:secret:add',
        body: KeyInput,
        response: CreatedKey,
        summary: 'Create an API key; the answer holds the key text once, it is stored hashed',
        description:
          'Scopes are permission codes; you may only grant permissions you hold. Call the API with `Authorization: ApiKey <key>` or `X-Api-Key: <key>`.',
        handler: ({ actor, body }) => apiKeysService.create(actor, body),
      }),
      route({
        method: 'delete',
        path: '/sys/keys/:id',
        permission: 'sys:secret:delete',
        params: IdParam,
        response: KeyView,
        summary: 'Revoke an API key (it answers 401 from then on)',
        handler: ({ actor, params }) => apiKeysService.revoke(actor, params.id),
      }),
    ],
  };
}
