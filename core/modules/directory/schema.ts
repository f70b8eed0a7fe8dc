import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export { IdParam } from '../../http/validate.ts';

export const RUN_MODES = ['full', 'incremental'] as const;
export type RunMode = (typeof RUN_MODES)[number];
export const RUN_STATES = ['running', 'done', 'failed', 'needsConfirmation'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const ACTIONS = ['create', 'link', 'update', 'disable', 'cancelBookings', 'skip'] as const;
export type Action = (typeof ACTIONS)[number];

export const SyncRequest = z.strictObject({
  dryRun: z.boolean().default(false).describe('count and list what would change, change nothing'),
  mode: z.enum(RUN_MODES).default('full'),
  confirm: z
    .boolean()
    .default(false)
    .describe('go on although more than directoryMaxDisablePercent of the linked accounts would be disabled'),
});
export type SyncRequest = z.infer<typeof SyncRequest>;

export const Counts = z.object({
  listed: z.number(),
  created: z.number(),
  linked: z.number(),
  updated: z.number(),
  disabled: z.number(),
  skipped: z.number(),
  bookingsCancelled: z.number(),
  bookingsHandedOver: z.number().default(0),
  regrouped: z.number().default(0).describe('people whose roles or user groups the group mapping changed'),
});
export type Counts = z.infer<typeof Counts>;

export const ReportLine = z.object({
  action: z.enum(ACTIONS),
  externalId: z.string(),
  username: z.string(),
  reason: z.string().optional(),
  fields: z.array(z.string()).optional().describe('the fields an update changes'),
});
export type ReportLine = z.infer<typeof ReportLine>;

export const RunView = z.object({
  id: z.number(),
  provider: z.string(),
  mode: z.enum(RUN_MODES),
  dryRun: z.boolean(),
  state: z.enum(RUN_STATES),
  startedBy: z.number().nullable().describe('who started it; null: the scheduler or the command line'),
  startedByName: z.string().nullable(),
  startedAt: z.number(),
  finishedAt: z.number().nullable(),
  counts: Counts,
  error: z.string().nullable(),
});
export type RunView = z.infer<typeof RunView>;

export const RunDetail = RunView.extend({
  report: z.array(ReportLine).describe('what the run did or would do, person by person (at most 1,000 lines)'),
});
export type RunDetail = z.infer<typeof RunDetail>;

export const RunQuery = PageQuery;
export type RunQuery = z.infer<typeof RunQuery>;

export const MAP_SOURCES = ['*', 'ldap', 'oidc', 'saml', 'entra', 'wecom', 'dingtalk', 'scim'] as const;

export const GroupMapBody = z
  .strictObject({
    source: z.enum(MAP_SOURCES).describe('the identity source whose groups this is; * for any'),
    group: z.string().trim().min(1).max(500).describe('the group as the source names it (DN, claim value, id)'),
    roleId: z.number().int().positive().nullish(),
    userGroupId: z.number().int().positive().nullish(),
  })
  .refine((b) => b.roleId != null || b.userGroupId != null, {
    message: 'give a role, a user group or both',
    path: ['roleId'],
  });
export type GroupMapBody = z.infer<typeof GroupMapBody>;

export const GroupMapQuery = PageQuery.extend({
  q: z.string().trim().max(100).optional().describe('part of the group'),
  source: z.enum(MAP_SOURCES).optional(),
});
export type GroupMapQuery = z.infer<typeof GroupMapQuery>;

export const GroupMapView = z.object({
  id: z.number(),
  source: z.enum(MAP_SOURCES),
  group: z.string(),
  roleId: z.number().nullable(),
  roleName: z.string().nullable(),
  userGroupId: z.number().nullable(),
  userGroupName: z.string().nullable(),
  createdAt: z.number(),
});
export type GroupMapView = z.infer<typeof GroupMapView>;

export const GroupMapChoices = z.object({
  roles: z.array(z.object({ id: z.number(), name: z.string() })).describe('every role but the admin role'),
  userGroups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type GroupMapChoices = z.infer<typeof GroupMapChoices>;
