/**
 * Microsoft Entra ID (Azure AD) as the apps provider for the directory sync (docs/plugins.md, section 13): the
 * tenant's people read from Microsoft Graph v1.0 with an application's own credentials. Sign-in through Entra ID is
 * OpenID Connect and exists apart; this provider only lists people (`listUsers`) and checks the connection.
 *
 * - Token: the OAuth 2.0 client credentials grant
 *   (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow):
 *   `POST {authorityUrl}/{tenantId}/oauth2/v2.0/token` with `client_id`, `client_secret`,
 *   `scope=https://graph.microsoft.com/.default` and `grant_type=client_credentials`. Kept in the plugin's kv (one
 *   per address, tenant and credentials) until five minutes before `expires_in`; fetched again once when Graph
 *   answers 401. A refusal shows the identity platform's `error` and AADSTS code (AADSTS7000215: a wrong secret).
 * - People: the delta query on users (https://learn.microsoft.com/en-us/graph/api/user-delta,
 *   https://learn.microsoft.com/en-us/graph/delta-query-overview). A full run starts `GET /v1.0/users/delta?$select=…`
 *   and follows `@odata.nextLink` one Graph page per `listUsers` call (the cursor holds the link); the last page's
 *   `@odata.deltaLink` is the page's `state`, which the core hands back on the next incremental run. An increment
 *   starts from that deltaLink and lists only what changed: an entry with `@removed` (`reason` `changed`: deleted to
 *   the recycle bin; `deleted`: for good) and an account with `accountEnabled: false` are leavers (`active: false`).
 *   Graph promises only the changed properties of an updated user, so a changed entry that lacks the rest is read
 *   whole with `GET /v1.0/users/{id}?$select=…` (one call per changed person, only in increments).
 * - A stale deltaLink (410 Gone, or the `syncStateNotFound` / `resyncRequired` codes: identity deltaLinks live seven
 *   days) restarts a full listing inside the incremental run. That is safe: an increment never disables anyone for
 *   not being listed (core/modules/directory/plan.ts), so it only updates everyone, and it ends with a fresh
 *   deltaLink; the nightly full run disables the leavers as always.
 * - Groups (`groups` = Entra group object ids). With `groupIds` set, only the members of those groups are synced:
 *   each run first reads their members, nested groups included
 *   (`GET /v1.0/groups/{id}/transitiveMembers/microsoft.graph.user?$select=id`, 999 a page), one Graph page per
 *   `listUsers` call, and a person's groups are the listed groups they are in. A person outside them is left out of
 *   a full run (so a linked one is disabled as a leaver) and reported as `active: false` by an increment. Without
 *   `groupIds`, a full run first reads every group's members once with the group delta query
 *   (`GET /v1.0/groups/delta?$select=id,members`, Microsoft's documented way to read memberships in bulk: pages of
 *   groups, not one call per person), and an increment asks each changed person's direct groups
 *   (`GET /v1.0/users/{id}/memberOf/microsoft.graph.group?$select=id`), a call per change. Either way the calls are
 *   bounded by the groups' pages or by the changes, never one per person of the tenant. A change of membership alone
 *   does not change the user object, so it shows at the next full run. `syncGroups: false` reads no groups.
 * - Throttling (https://learn.microsoft.com/en-us/graph/throttling): a 429 or 503 is retried once after its
 *   `Retry-After` (at most 10 s), then the run fails and is retried by the next one.
 *
 * Guests (`userType` Guest) are left out unless `includeGuests`. People are linked under the identity source
 * `entra` (the plugin id without `-directory`), by their object id. The application registration needs the
 * application permissions User.Read.All and GroupMember.Read.All, with admin consent.
 */
import { createHash, randomUUID } from 'node:crypto';
import { GraphError, graphClient } from '../graph-shared/graph.ts';
import {
  definePlugin,
  z,
  type AppsProvider,
  type DirectoryUser,
  type ListUsersOptions,
} from '../../core/plugin-sdk/index.ts';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A user property, or an extension: `employeeId`, `extension_<appid>_cardNo`, `onPremisesExtensionAttributes.extensionAttribute1`. */
const ATTRIBUTE = /^[A-Za-z][A-Za-z0-9_]{0,119}(\.[A-Za-z][A-Za-z0-9_]{0,59})?$/;

const attribute = (def: string, what: string) =>
  z
    .string()
    .trim()
    .max(180)
    .default(def)
    .refine((v) => v === '' || ATTRIBUTE.test(v), 'a user property, extension_<appid>_<name> or a.b')
    .describe(what);

/** `groupIds` as typed: object ids separated by commas, spaces or lines. */
export const groupIdsOf = (s: string): string[] => [...new Set(s.split(/[\s,;]+/).filter(Boolean))];

export const Settings = z.object({
  tenantId: z.string().trim().min(1).max(100).describe('Directory (tenant) ID, or the tenant domain'),
  clientId: z.string().trim().min(1).max(100).describe('Application (client) ID of the app registration'),
  clientSecret: z.string().min(1).max(500).describe('client secret value of the app registration'),
  authorityUrl: z
    .url({ protocol: /^https?$/ })
    .default('https://login.microsoftonline.com')
    .describe('identity platform address (national clouds: login.microsoftonline.us, login.chinacloudapi.cn)'),
  graphUrl: z
    .url({ protocol: /^https?$/ })
    .default('https://graph.microsoft.com')
    .describe('Microsoft Graph address (national clouds: graph.microsoft.us, microsoftgraph.chinacloudapi.cn)'),
  groupIds: z
    .string()
    .trim()
    .max(2000)
    .default('')
    .refine((s) => groupIdsOf(s).every((g) => GUID.test(g)), 'group object ids (GUIDs), separated by commas')
    .refine((s) => groupIdsOf(s).length <= 50, 'at most 50 groups')
    .describe('only the members of these groups (object ids, comma-separated; nested groups count); empty: everyone'),
  usernameFrom: z
    .enum(['upnLocalPart', 'upn', 'mail'])
    .default('upnLocalPart')
    .describe('username: the part of the userPrincipalName before @, the whole UPN, or the e-mail address'),
  employeeNoAttribute: attribute('employeeId', 'property holding the employee number; empty: none'),
  cardNoAttribute: attribute(
    '',
    'property holding the badge card number, e.g. extension_<appid>_cardNo or onPremisesExtensionAttributes.extensionAttribute1; empty: not synced',
  ),
  syncGroups: z.boolean().default(true).describe("read each person's groups (for group mapping)"),
  includeGuests: z.boolean().default(false).describe('also sync guest accounts (userType Guest)'),
  timeoutMs: z.coerce.number().int().min(1000).max(60_000).default(15_000).describe('longest wait for one call'),
});
export type Settings = z.infer<typeof Settings>;

/** Changed people read at once in an increment. */
const PARALLEL = 8;
/** Runs whose group memberships are kept in memory (a run lists all its pages in one process). */
const KEPT_RUNS = 4;
/**
 * Longest state handed to the core as it is (the core keeps 2,000 characters): a longer deltaLink is kept in the
 * plugin's kv, longer than Graph keeps it (seven days), and the state names it.
 */
const STATE_MAX = 1900;
const STATE_TTL_MS = 8 * 24 * 3600_000;

export interface GraphUser {
  id: string;
  userPrincipalName?: string | null;
  displayName?: string | null;
  mail?: string | null;
  mobilePhone?: string | null;
  businessPhones?: string[] | null;
  department?: string | null;
  accountEnabled?: boolean | null;
  userType?: string | null;
  '@removed'?: { reason?: string };
  [property: string]: unknown;
}

interface Collection<T> {
  value?: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

type Stage = 'members' | 'groups' | 'users';
interface Cursor {
  run: string;
  stage: Stage;
  /** The Graph link to read next. */
  link: string;
  /** `full`: every user (users/delta from the start); `delta`: the changes since a deltaLink. */
  listing: 'full' | 'delta';
  /** Where the users are read from once the groups are known: users/delta, or the deltaLink. */
  from: string;
  /** Index of the group whose members are being read (stage `members`). */
  g?: number;
}

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
function decode(cursor: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Cursor;
    if (
      typeof c.run === 'string' &&
      typeof c.link === 'string' &&
      typeof c.from === 'string' &&
      ['members', 'groups', 'users'].includes(c.stage)
    )
      return c;
  } catch {
    // falls through
  }
  throw new Error("Entra ID: the page cursor is not one of this provider's");
}

/** A property by name, `a.b` reading inside an object (onPremisesExtensionAttributes.extensionAttribute1). */
function valueOf(u: GraphUser, name: string): string | null {
  if (!name) return null;
  const [top, inner] = name.split('.') as [string, string | undefined];
  let v: unknown = u[top];
  if (inner !== undefined) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[inner] : undefined;
  if (Array.isArray(v)) v = v[0];
  const s = typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
  return s || null;
}

export function usernameOf(u: GraphUser, from: Settings['usernameFrom']): string {
  const upn = u.userPrincipalName ?? '';
  if (from === 'upn') return upn;
  if (from === 'mail' && u.mail) return u.mail;
  return upn.split('@')[0] ?? '';
}

/** A Graph user as the sync's person (not for `@removed` entries). */
export function toPerson(u: GraphUser, s: Settings, groups: string[] | undefined): DirectoryUser {
  const username = usernameOf(u, s.usernameFrom);
  const department = u.department?.trim() || null;
  return {
    externalId: u.id,
    username,
    realName: u.displayName?.trim() || username,
    email: u.mail?.trim() || null,
    phone: u.mobilePhone?.trim() || u.businessPhones?.find((p) => p?.trim())?.trim() || null,
    employeeNo: valueOf(u, s.employeeNoAttribute),
    ...(s.cardNoAttribute ? { cardNo: valueOf(u, s.cardNoAttribute) } : {}),
    department,
    departmentPath: department ? [department] : [],
    ...(groups ? { groups } : {}),
    active: u.accountEnabled !== false,
  };
}

/** A leaver (or someone out of scope) by id alone: the core disables the linked account, ignores anyone else. */
const gone = (id: string): DirectoryUser => ({ externalId: id, username: id, realName: id, active: false });

async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export default definePlugin({
  id: 'entra-directory',
  kind: 'apps',
  names: {
    cn: 'Microsoft Entra ID 目录同步',
    en: 'Microsoft Entra ID (directory sync)',
    ja: 'Microsoft Entra ID（ディレクトリ同期）',
  },
  settings: Settings,
  secrets: ['clientSecret'],
  endpoints: ['authorityUrl', 'graphUrl', 'tenantId', 'clientId'],
  timeoutMs: 120_000,
  create(ctx) {
    const s = ctx.settings;
    const client = graphClient(ctx, s, 'Entra ID');
    const graphBase = client.base;
    const graphOrigin = client.origin;
    const groupIds = groupIdsOf(s.groupIds);
    const selected = [
      ...new Set(
        [
          'id',
          'userPrincipalName',
          'displayName',
          'mail',
          'mobilePhone',
          'businessPhones',
          'department',
          'accountEnabled',
          'userType',
          s.employeeNoAttribute.split('.')[0],
          s.cardNoAttribute.split('.')[0],
        ].filter((x): x is string => !!x),
      ),
    ];
    const select = selected.join(',');
    const usersDelta = `${graphBase}/v1.0/users/delta?$select=${select}`;
    const membersLink = (g: string) =>
      `${graphBase}/v1.0/groups/${encodeURIComponent(g)}/transitiveMembers/microsoft.graph.user?$select=id&$top=999`;
    const groupsDelta = `${graphBase}/v1.0/groups/delta?$select=id,members`;
    /** Group memberships of the runs under way: user id → group ids. */
    const memberships = new Map<string, Map<string, string[]>>();

    /** One Graph GET (plugins/graph-shared): the token refreshed once on a 401, one wait on a 429 or 503. */
    const graph = <T>(link: string, what: string) => client.call<T>('GET', link, what);
    const fetchToken = client.fetchToken;

    const isDeltaLink = (state: string | undefined): state is string => {
      if (!state) return false;
      try {
        const u = new URL(state);
        return u.origin === graphOrigin && u.pathname.endsWith('/users/delta') && u.searchParams.has('$deltatoken');
      } catch {
        return false;
      }
    };

    async function stateOf(deltaLink: string): Promise<string> {
      if (deltaLink.length <= STATE_MAX) return deltaLink;
      const id = createHash('sha256').update(deltaLink).digest('hex').slice(0, 32);
      await ctx.kv.set(`deltaLink:${id}`, deltaLink, STATE_TTL_MS);
      return `kv:${id}`;
    }
    const linkOf = async (state: string | undefined) =>
      state?.startsWith('kv:') ? await ctx.kv.get<string>(`deltaLink:${state.slice(3)}`) : state;

    /** Where a listing starts: the members of the first group, the group delta, or the users. */
    function start(run: string, listing: Cursor['listing'], from: string): Cursor {
      if (groupIds.length) {
        memberships.set(run, new Map());
        return { run, listing, from, stage: 'members', g: 0, link: membersLink(groupIds[0]!) };
      }
      if (s.syncGroups && listing === 'full') {
        memberships.set(run, new Map());
        return { run, listing, from, stage: 'groups', link: groupsDelta };
      }
      return { run, listing, from, stage: 'users', link: from };
    }

    function membershipOf(c: Cursor): Map<string, string[]> {
      const m = memberships.get(c.run);
      if (!m) throw new Error("Entra ID: this run's group memberships are gone (the provider restarted); run it again");
      return m;
    }

    const add = (m: Map<string, string[]>, user: string, group: string) => {
      const list = m.get(user) ?? [];
      if (!list.includes(group)) list.push(group);
      m.set(user, list);
    };

    async function membersPage(c: Cursor) {
      const m = membershipOf(c);
      const group = groupIds[c.g ?? 0]!;
      const a = await graph<Collection<{ id: string }>>(c.link, `members of group ${group}`);
      for (const u of a.value ?? []) add(m, u.id, group);
      if (a['@odata.nextLink']) return { users: [], cursor: encode({ ...c, link: a['@odata.nextLink'] }) };
      const g = (c.g ?? 0) + 1;
      const next: Cursor =
        g < groupIds.length
          ? { ...c, g, link: membersLink(groupIds[g]!) }
          : { run: c.run, listing: c.listing, from: c.from, stage: 'users', link: c.from };
      return { users: [], cursor: encode(next) };
    }

    async function groupsPage(c: Cursor) {
      const m = membershipOf(c);
      type Member = { '@odata.type'?: string; id: string; '@removed'?: unknown };
      const a = await graph<Collection<{ id: string; 'members@delta'?: Member[] }>>(c.link, 'group memberships');
      for (const g of a.value ?? [])
        for (const x of g['members@delta'] ?? [])
          if (!x['@removed'] && (x['@odata.type'] ?? '#microsoft.graph.user') === '#microsoft.graph.user')
            add(m, x.id, g.id);
      const next: Cursor = a['@odata.nextLink']
        ? { ...c, link: a['@odata.nextLink'] }
        : { run: c.run, listing: c.listing, from: c.from, stage: 'users', link: c.from };
      return { users: [], cursor: encode(next) };
    }

    /** A changed entry of an increment that lacks the properties Graph did not resend: read whole (null: gone). */
    async function whole(u: GraphUser): Promise<GraphUser | null> {
      if (selected.every((k) => k in u)) return u;
      try {
        return await graph<GraphUser>(
          `${graphBase}/v1.0/users/${encodeURIComponent(u.id)}?$select=${select}`,
          `user ${u.id}`,
        );
      } catch (err) {
        if (err instanceof GraphError && err.status === 404) return null;
        throw err;
      }
    }

    async function usersPage(c: Cursor) {
      let a: Collection<GraphUser>;
      try {
        a = await graph<Collection<GraphUser>>(c.link, c.listing === 'full' ? 'users' : 'user changes');
      } catch (err) {
        if (!(err instanceof GraphError && err.stale && c.listing === 'delta')) throw err;
        // The deltaLink expired: list everyone instead, which an increment may do safely (it disables no one
        // for not being listed), and end with a fresh deltaLink.
        ctx.logger.warn({ code: err.code }, 'Entra ID: the deltaLink is stale; this increment lists everyone');
        memberships.delete(c.run);
        const restart = start(c.run, 'full', usersDelta);
        if (restart.stage !== 'users') return { users: [], cursor: encode(restart) };
        return usersPage(restart);
      }
      const m = groupIds.length || (s.syncGroups && c.listing === 'full') ? membershipOf(c) : undefined;
      const people = await mapLimit(a.value ?? [], PARALLEL, async (entry): Promise<DirectoryUser | null> => {
        if (entry['@removed']) return gone(entry.id);
        const u = c.listing === 'delta' ? await whole(entry) : entry;
        if (!u) return gone(entry.id);
        const inScope =
          (s.includeGuests || u.userType !== 'Guest') && (!groupIds.length || (m!.get(u.id)?.length ?? 0) > 0);
        // Out of scope: left out of a full listing (the core disables a linked one as a leaver); in an increment
        // said to have left, which disables a linked one and is ignored for anyone else.
        if (!inScope) return c.listing === 'full' ? null : gone(u.id);
        let groups: string[] | undefined;
        if (m) groups = m.get(u.id) ?? [];
        else if (s.syncGroups && u.accountEnabled !== false) {
          const g = await graph<Collection<{ id: string }>>(
            `${graphBase}/v1.0/users/${encodeURIComponent(u.id)}/memberOf/microsoft.graph.group?$select=id&$top=999`,
            `groups of user ${u.id}`,
          ).catch((err: unknown) => {
            if (err instanceof GraphError && err.status === 404) return { value: [] };
            throw err;
          });
          groups = (g.value ?? []).map((x) => x.id);
        }
        return toPerson(u, s, groups);
      });
      const users = people.filter((p): p is DirectoryUser => p !== null);
      const nextLink = a['@odata.nextLink'];
      if (nextLink) return { users, cursor: encode({ ...c, link: nextLink }) };
      memberships.delete(c.run);
      const deltaLink = a['@odata.deltaLink'];
      return { users, ...(deltaLink ? { state: await stateOf(deltaLink) } : {}) };
    }

    const provider: AppsProvider = {
      async listUsers({ cursor, since, state }: ListUsersOptions) {
        let c: Cursor;
        if (cursor) c = decode(cursor);
        else {
          const run = randomUUID();
          // An increment starts from the last deltaLink; without one (the first run, another provider's state,
          // changed addresses) it lists everyone, which an increment may do safely.
          const link = since === undefined ? undefined : await linkOf(state);
          const delta = isDeltaLink(link);
          c = start(run, delta ? 'delta' : 'full', delta ? link : usersDelta);
          while (memberships.size > KEPT_RUNS) memberships.delete(memberships.keys().next().value!);
        }
        if (c.stage === 'members') return membersPage(c);
        if (c.stage === 'groups') return groupsPage(c);
        return usersPage(c);
      },
      async health() {
        await fetchToken();
        const org = await graph<Collection<{ id: string }>>(
          `${graphBase}/v1.0/organization?$select=id`,
          'organization',
        );
        return { ok: true, detail: `tenant ${org.value?.[0]?.id ?? s.tenantId}: token obtained, Graph readable` };
      },
    };
    return provider;
  },
});

export { GraphError, retryAfterMs, scopeOf } from '../graph-shared/graph.ts';
