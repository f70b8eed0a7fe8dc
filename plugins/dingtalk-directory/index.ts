/**
 * DingTalk (钉钉) as the apps provider: sign-in inside the DingTalk client and by QR code, and the directory
 * (departments and members) for the sync. As DingTalk documents it:
 *
 * - Sign-in, "获取登录用户的访问凭证" (https://open.dingtalk.com/document/orgapp/tutorial-obtaining-user-personal-information):
 *   `https://login.dingtalk.com/oauth2/auth?redirect_uri=...&response_type=code&client_id=APPKEY&scope=openid
 *   &state=...&prompt=consent` shows a QR code in a browser and signs in silently inside the client; the callback
 *   carries `authCode` (and `code`).
 * - The code for a user token, new API: `POST https://api.dingtalk.com/v1.0/oauth2/userAccessToken`
 *   `{ clientId, clientSecret, code, grantType: 'authorization_code' }`
 *   (https://open.dingtalk.com/document/orgapp/obtain-user-token); with it `GET /v1.0/contact/users/me`
 *   (header `x-acs-dingtalk-access-token`, https://open.dingtalk.com/document/orgapp/dingtalk-retrieve-user-information)
 *   gives the `unionId`. The new API answers errors with HTTP 4xx and `{ code, message }`.
 * - The person in the organisation, old API (HTTP 200 with `errcode`): `GET https://oapi.dingtalk.com/gettoken
 *   ?appkey&appsecret` (https://open.dingtalk.com/document/orgapp/obtain-orgapp-token; 40089 wrong key or secret),
 *   `POST /topapi/user/getbyunionid` `{ unionid }` → `userid`
 *   (https://open.dingtalk.com/document/orgapp/query-a-user-by-the-union-id; 60121 not in the organisation),
 *   `POST /topapi/v2/user/get` `{ userid }` (https://open.dingtalk.com/document/orgapp/query-user-details):
 *   name, mobile, email / org_email, job_number, dept_id_list, active.
 * - The directory: `POST /topapi/v2/department/get` `{ dept_id }` (the root's name), `POST
 *   /topapi/v2/department/listsub` `{ dept_id }` (https://open.dingtalk.com/document/orgapp/obtain-the-department-list-v2,
 *   one level), `POST /topapi/v2/department/listparentbydept` `{ dept_id }` (whether a department is under the
 *   root), `POST /topapi/v2/user/list` `{ dept_id, cursor, size: 100 }`
 *   (https://open.dingtalk.com/document/orgapp/queries-the-complete-information-of-a-department-user).
 *
 * `listUsers` walks the tree depth first from `rootDepartment`; the cursor holds the walk (the departments above
 * the current one with the siblings still to visit, and the member cursor), so each page makes at most a few
 * calls. A person in several departments is listed once, in their lowest-numbered department under the root.
 * Groups are all their departments, `dingtalk:dept:<id>`; `active: false` is someone DingTalk reports inactive.
 */
import {
  PluginHttpError,
  definePlugin,
  z,
  type AppsProvider,
  type DirectoryUser,
  type ExternalIdentity,
} from '../../core/plugin-sdk/index.ts';
import {
  DirectoryCallError,
  MATCH_BY,
  decodeCursor,
  encodeCursor,
  errcodeApi,
  type ErrcodeAnswer,
} from '../chat-directory-shared/client.ts';

const VENDOR = 'DingTalk';
const PAGE_SIZE = 100;

const Settings = z.object({
  baseUrl: z.url().default('https://oapi.dingtalk.com').describe('address of the organisation API (oapi)'),
  apiUrl: z.url().default('https://api.dingtalk.com').describe('address of the new API (sign-in)'),
  appKey: z.string().trim().min(1).max(128).describe('AppKey (Client ID) of the internal application'),
  appSecret: z.string().min(1).max(256).describe('AppSecret (Client Secret) of the application'),
  agentId: z.coerce.number().int().positive().optional().describe('AgentId of the application'),
  rootDepartment: z.coerce.number().int().positive().default(1).describe('department the sync starts from'),
  matchBy: z
    .enum(MATCH_BY)
    .default('directoryId')
    .describe(
      'first sign-in of a person not linked yet: the account whose username is the DingTalk userid, or of the same employee number or e-mail (never an administrator)',
    ),
  cardNoField: z
    .string()
    .trim()
    .max(64)
    .default('')
    .describe('name of the custom field (extension) holding the badge card number; empty: none'),
  autoCreate: z.boolean().default(false).describe('create an account at the first sign-in of an unknown person'),
});
type Settings = z.infer<typeof Settings>;

const TOKEN_ERRORS = new Set([40014, 42001, 88]);
const CREDENTIAL_ERRORS = new Set([40089, 40095, 43003, 60011, 60020, 88001]);
const USER_ERRORS = new Set([60121, 33012]);

export interface DingUser {
  userid: string;
  unionid?: string;
  name: string;
  mobile?: string;
  email?: string;
  org_email?: string;
  job_number?: string;
  dept_id_list?: number[];
  active?: boolean;
  extension?: string;
}

interface Dept {
  dept_id: number;
  name: string;
  parent_id?: number;
}

/** One level of the walk: a department, its members' cursor (null: done), its children still to visit. */
interface Frame {
  id: number;
  n: string;
  c: number | null;
  k?: Array<[number, string]>;
}

type Answer<T> = ErrcodeAnswer & T;

function extensionField(u: DingUser, name: string): string | null {
  if (!name || !u.extension) return null;
  try {
    const v = (JSON.parse(u.extension) as Record<string, unknown>)[name];
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() || null : null;
  } catch {
    return null;
  }
}

export default definePlugin({
  id: 'dingtalk-directory',
  kind: 'apps',
  names: { cn: '钉钉', en: 'DingTalk', ja: 'DingTalk（釘釘）' },
  settings: Settings,
  secrets: ['appSecret'],
  endpoints: ['baseUrl', 'apiUrl', 'appKey'],
  timeoutMs: 30_000,
  create(ctx) {
    const s = ctx.settings;
    const api = errcodeApi(ctx, {
      vendor: VENDOR,
      baseUrl: s.baseUrl,
      tokenUrl: `/gettoken?appkey=${encodeURIComponent(s.appKey)}&appsecret=${encodeURIComponent(s.appSecret)}`,
      tokenErrors: TOKEN_ERRORS,
      reasonOf: (e) => (CREDENTIAL_ERRORS.has(e) ? 'credentials' : USER_ERRORS.has(e) ? 'user' : 'vendor'),
    });
    const newApi = s.apiUrl.replace(/\/$/, '');

    /** The new API: JSON both ways, errors as HTTP 4xx `{ code, message }`. */
    async function newCall<T>(path: string, init: RequestInit, what: string, reasonOf400: 'code' | 'credentials') {
      try {
        return await ctx.http.json<T>(`${newApi}${path}`, init);
      } catch (err) {
        if (!(err instanceof PluginHttpError) || err.status >= 500) throw err;
        let body: { code?: string; message?: string } = {};
        try {
          body = JSON.parse(err.body) as typeof body;
        } catch {
          // not JSON: keep the status
        }
        const code = body.code ?? String(err.status);
        // A wrong client id or secret is the administrator's; anything else about the code is the person's.
        const reason = /client|secret|app(key)?/i.test(code) || err.status === 403 ? 'credentials' : reasonOf400;
        throw new DirectoryCallError(VENDOR, reason, code, body.message ?? err.body.slice(0, 200), what);
      }
    }

    function toUser(u: DingUser, path: string[]): DirectoryUser {
      return {
        externalId: u.userid,
        username: u.userid,
        realName: u.name || u.userid,
        email: u.email || u.org_email || null,
        phone: u.mobile || null,
        employeeNo: u.job_number || null,
        cardNo: extensionField(u, s.cardNoField),
        department: path.at(-1) ?? null,
        departmentPath: path,
        groups: (u.dept_id_list ?? []).map((d) => `dingtalk:dept:${d}`),
        active: u.active !== false,
      };
    }

    /** Whether a department is the root or below it (cached: every member page asks about its people's departments). */
    async function underRoot(id: number): Promise<boolean> {
      if (s.rootDepartment === 1 || id === s.rootDepartment) return true;
      const key = `under:${s.rootDepartment}:${id}`;
      const known = await ctx.kv.get<boolean>(key);
      if (known !== undefined) return known;
      const a = await api.post<Answer<{ result?: { parent_id_list?: number[] } }>>(
        '/topapi/v2/department/listparentbydept',
        { dept_id: id },
        'department parents',
      );
      const under = (a.result?.parent_id_list ?? []).includes(s.rootDepartment);
      await ctx.kv.set(key, under, 60 * 60_000);
      return under;
    }

    async function homeOf(u: DingUser): Promise<number | undefined> {
      for (const d of [...(u.dept_id_list ?? [])].sort((x, y) => x - y)) if (await underRoot(d)) return d;
      return undefined;
    }

    const provider: AppsProvider = {
      async authorizeUrl(state, redirectUri) {
        // The same page serves both: a QR code in a browser, a silent sign-in inside the DingTalk client.
        const q = new URLSearchParams({
          redirect_uri: redirectUri,
          response_type: 'code',
          client_id: s.appKey,
          scope: 'openid',
          state,
          prompt: 'consent',
        });
        return `https://login.dingtalk.com/oauth2/auth?${q.toString()}`;
      },

      async exchangeCode(code): Promise<ExternalIdentity> {
        const token = await newCall<{ accessToken: string }>(
          '/v1.0/oauth2/userAccessToken',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              clientId: s.appKey,
              clientSecret: s.appSecret,
              code,
              grantType: 'authorization_code',
            }),
          },
          'code exchange',
          'code',
        );
        const me = await newCall<{ unionId?: string }>(
          '/v1.0/contact/users/me',
          { headers: { 'x-acs-dingtalk-access-token': token.accessToken } },
          'user profile',
          'code',
        );
        if (!me.unionId) throw new DirectoryCallError(VENDOR, 'user', 'unionId', 'no unionId answered', 'user profile');
        const who = await api.post<Answer<{ result?: { userid?: string } }>>(
          '/topapi/user/getbyunionid',
          { unionid: me.unionId },
          'user by unionid',
        );
        if (!who.result?.userid)
          throw new DirectoryCallError(VENDOR, 'user', 60121, 'not in the organisation', 'user by unionid');
        const u = (
          await api.post<Answer<{ result: DingUser }>>(
            '/topapi/v2/user/get',
            { userid: who.result.userid, language: 'zh_CN' },
            'user',
          )
        ).result;
        return {
          externalId: u.userid,
          username: u.userid,
          realName: u.name || u.userid,
          email: u.email || u.org_email || null,
          phone: u.mobile || null,
          employeeNo: u.job_number || null,
          groups: (u.dept_id_list ?? []).map((d) => `dingtalk:dept:${d}`),
          active: u.active !== false,
        };
      },

      async listUsers({ cursor }) {
        let stack: Frame[];
        if (cursor) stack = decodeCursor<{ s: Frame[] }>(cursor, VENDOR).s;
        else {
          const root = await api.post<Answer<{ result?: Dept }>>(
            '/topapi/v2/department/get',
            { dept_id: s.rootDepartment, language: 'zh_CN' },
            'root department',
          );
          stack = [{ id: s.rootDepartment, n: root.result?.name ?? String(s.rootDepartment), c: 0 }];
        }
        // At most one member page and one list of sub-departments per call.
        let listed = false;
        while (stack.length) {
          const top = stack.at(-1)!;
          if (top.c !== null) {
            const a = await api.post<
              Answer<{ result?: { has_more?: boolean; next_cursor?: number; list?: DingUser[] } }>
            >(
              '/topapi/v2/user/list',
              { dept_id: top.id, cursor: top.c, size: PAGE_SIZE, language: 'zh_CN' },
              'department members',
            );
            top.c = a.result?.has_more ? (a.result.next_cursor ?? null) : null;
            const path = stack.map((f) => f.n);
            const users: DirectoryUser[] = [];
            for (const u of a.result?.list ?? []) if ((await homeOf(u)) === top.id) users.push(toUser(u, path));
            return { users, cursor: encodeCursor({ s: stack }) };
          }
          if (!top.k) {
            if (listed) return { users: [], cursor: encodeCursor({ s: stack }) };
            const a = await api.post<Answer<{ result?: Dept[] }>>(
              '/topapi/v2/department/listsub',
              { dept_id: top.id, language: 'zh_CN' },
              'sub-departments',
            );
            listed = true;
            top.k = (a.result ?? []).map((d) => [d.dept_id, d.name]);
            continue;
          }
          const next = top.k.shift();
          if (next) stack.push({ id: next[0], n: next[1], c: 0 });
          else stack.pop();
        }
        return { users: [] };
      },

      async health() {
        await api.fetchToken();
        return { ok: true, detail: 'access token obtained' };
      },
    };
    return provider;
  },
});
