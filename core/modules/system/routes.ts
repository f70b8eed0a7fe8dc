import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { failure } from '../../http/envelope.ts';
import type { Lang } from '../../i18n/index.ts';
import { QueryBool } from '../../http/validate.ts';
import { PUBLIC, RawReply, route, type ModuleRoutes, NO_DATA } from '../../http/route.ts';
import { ReadyAnswer, ReleaseAnswer } from './responses.ts';

/** 503 in the error envelope with the health report under data (the health routes' answer when a check fails). */
const unavailable = (lang: Lang, report: unknown) =>
  new RawReply(JSON.stringify({ ...failure(lang, 503, 'common.unavailable'), data: report }), 'application/json', {
    status: 503,
  });

const ClientLog = z.object({ from: z.string().max(20).default('pc') }).catchall(z.unknown());

export function systemRoutes({ systemService, releaseCheck }: Cradle): ModuleRoutes {
  return {
    tag: 'System',
    routes: [
      route({
        method: 'get',
        path: '/health',
        permission: PUBLIC,
        summary: 'Database reachability and version (503 when the database is down)',
        response: z.object({
          status: z.enum(['ok', 'down']),
          version: z.string(),
          database: z.object({ dialect: z.string(), reachable: z.boolean(), latencyMs: z.number().optional() }),
        }),
        errors: { 503: 'The database is down (the same report under data)' },
        handler: async ({ lang }) => {
          const health = await systemService.health();
          return health.status === 'ok' ? health : unavailable(lang, health);
        },
      }),
      route({
        method: 'get',
        path: '/health/live',
        permission: PUBLIC,
        summary: 'Liveness: the process answers (nothing else is looked at; docs/monitoring.md)',
        response: z.object({ status: z.literal('ok'), version: z.string(), uptimeSeconds: z.number() }),
        handler: () => systemService.live(),
      }),
      route({
        method: 'get',
        path: '/health/ready',
        permission: PUBLIC,
        summary: 'Readiness: database reachable, migrations current, scheduler healthy (503 when a check fails)',
        description:
          'For load balancers and orchestrators (docs/monitoring.md). Each check reports `ok` and its facts; a ' +
          'failing one answers 503 in the error envelope with the same report under data.',
        response: ReadyAnswer,
        errors: { 503: 'A check failed (the same report under data)' },
        handler: async ({ lang }) => {
          const ready = await systemService.ready();
          return ready.status === 'ok' ? ready : unavailable(lang, ready);
        },
      }),
      route({
        method: 'get',
        path: '/sys/release',
        response: ReleaseAnswer,
        permission: 'sys:setting:view',
        summary: 'Whether a newer Atrium release exists (only when a release feed URL is configured)',
        query: z.object({ refresh: QueryBool.optional() }),
        handler: ({ query }) => releaseCheck.latest(Boolean(query.refresh)),
      }),
      route({
        method: 'post',
        path: '/openapi/clientLog',
        response: NO_DATA,
        errors: { 403: 'Client error logging is switched off' },
        permission: PUBLIC,
        rateLimitPerMinute: 30,
        summary: 'A console error report; accepted only while client error logging is on',
        body: ClientLog,
        handler: ({ body, ip, actor }) => systemService.clientLog(body, { ip, userId: actor.userId || undefined }),
      }),
    ],
  };
}
