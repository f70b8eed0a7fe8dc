/** Schemas of this module's answers that only the OpenAPI document needs. */
import { z } from 'zod';

export const ReleaseAnswer = z.object({
  enabled: z.boolean(),
  current: z.string(),
  latest: z.string().nullable(),
  newer: z.boolean(),
  url: z.string().nullable(),
  notes: z.string().nullable(),
  checkedAt: z.number().nullable(),
  error: z.string().optional(),
});

/** GET /health/ready: each check's result (core/modules/system/service.ts, docs/monitoring.md). */
export const ReadyAnswer = z.object({
  status: z.enum(['ok', 'down']),
  version: z.string(),
  /** The process is stopping (SIGTERM): it finishes what it has and takes nothing new. */
  stopping: z.boolean(),
  checks: z.object({
    database: z.object({ ok: z.boolean(), latencyMs: z.number().optional(), error: z.string().optional() }),
    migrations: z.object({
      ok: z.boolean(),
      pending: z.array(z.string()),
      unknown: z.array(z.string()),
      error: z.string().optional(),
    }),
    scheduler: z.object({
      ok: z.boolean(),
      enabled: z.boolean(),
      lastTickSecondsAgo: z.number().nullable(),
      hung: z.array(z.object({ job: z.string(), dueAt: z.number(), runningSeconds: z.number() })),
      stale: z.array(z.object({ job: z.string(), dueAt: z.number(), holder: z.string(), startedAt: z.number() })),
      error: z.string().optional(),
    }),
  }),
});
