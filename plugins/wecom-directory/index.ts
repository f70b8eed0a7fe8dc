/**
 * WeCom (企业微信) as the apps provider: sign-in inside the WeCom client and by QR code, and the directory
 * (departments and members) for the sync. As WeCom documents it:
 *
 * - In-client sign-in, "构造网页授权链接" (https://developer.work.weixin.qq.com/document/path/91022):
 *   `https://open.weixin.qq.com/connect/oauth2/authorize?appid=CORPID&redirect_uri=...&response_type=code
 *   &scope=snsapi_base&state=...&agentid=AGENTID#wechat_redirect`.
 * - QR sign-in in a browser, "企业微信Web登录" (https://developer.work.weixin.qq.com/document/path/98152):
 *   `https://login.work.weixin.qq.com/wwlogin/sso/login?login_type=CorpApp&appid=CORPID&agentid=AGENTID
 *   &redirect_uri=...&state=...`.
 * - Both give a code (5 minutes, single use) for `GET /cgi-bin/auth/getuserinfo?access_token&code`
 *   (https://developer.work.weixin.qq.com/document/path/91023): `userid` for a member (40029 invalid code,
 *   50001 redirect URI not trusted); then `GET /cgi-bin/user/get?userid`
 *   (https://developer.work.weixin.qq.com/document/path/90196): name, mobile, email / biz_mail, status
 *   (1 active, 2 disabled, 4 not activated yet, 5 left), department, main_department, extattr.
 * - The access token: `GET /cgi-bin/gettoken?corpid&corpsecret`
 *   (https://developer.work.weixin.qq.com/document/path/91039), cached until `expires_in`, fetched again on
 *   40014 / 42001 / 41001; 40013 is a wrong corp id, 40001 / 40091 a wrong secret
 *   (https://developer.work.weixin.qq.com/document/path/90313).
 * - The directory: `GET /cgi-bin/department/list?id=ROOT` (https://developer.work.weixin.qq.com/document/path/90208)
 *   gives the root and every department below it; `GET /cgi-bin/user/list?department_id=ID`
 *   (https://developer.work.weixin.qq.com/document/path/90201) the members of one department with their details.
 *
 * One page of `listUsers` is one department (in the order of the tree, parents first); a person in several
 * departments is listed once, in their main department (or their first one under the root). Their groups are
 * all their departments, `wecom:dept:<id>`. Status 4 (invited, not activated) counts as active: the person is
 * still employed; 2 and 5 are not, and such a person is refused at sign-in.
 */
import {
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

const VENDOR = 'WeCom';

const Settings = z.object({
  baseUrl: z.url().default('https://qyapi.weixin.qq.com').describe('API address (change only for a proxy)'),
  corpId: z.string().trim().min(1).max(64).describe('corpid of the enterprise'),
  agentId: z.coerce.number().int().positive().describe('AgentId of the self-built application'),
  secret: z.string().min(1).max(256).describe('Secret of the application (corpsecret)'),
  rootDepartment: z.coerce.number().int().positive().default(1).describe('department the sync starts from'),
  matchBy: z
    .enum(MATCH_BY)
    .default('directoryId')
    .describe(
      'first sign-in of a person not linked yet: the account whose username is the WeCom UserID, or of the same employee number or e-mail (never an administrator)',
    ),
  employeeNoAttribute: z
    .string()
    .trim()
    .max(64)
    .default('')
    .describe('name of the custom attribute (extattr) holding the employee number; empty: none'),
  cardNoAttribute: z
    .string()
    .trim()
    .max(64)
    .default('')
    .describe('name of the custom attribute (extattr) holding the badge card number; empty: none'),
  autoCreate: z.boolean().default(false).describe('create an account at the first sign-in of an unknown person'),
});
type Settings = z.infer<typeof Settings>;

/** Token errors: fetch a new token and try once more. */
const TOKEN_ERRORS = new Set([40014, 42001, 41001]);
const CODE_ERRORS = new Set([40029, 50001, 40031]);
const CREDENTIAL_ERRORS = new Set([40013, 40001, 40091, 40056, 60011, 60020, 48002]);
const USER_ERRORS = new Set([60111, 46004]);

interface Attr {
  type?: number;
  name: string;
  value?: string;
  text?: { value: string };
}

export interface WeComUser {
  userid: string;
  name: string;
  department?: number[];
  main_department?: number;
  mobile?: string;
  email?: string;
  biz_mail?: string;
  status?: number;
  extattr?: { attrs?: Attr[] };
}

interface Department {
  id: number;
  name: string;
  parentid: number;
  order?: number;
}

type Answer<T> = ErrcodeAnswer & T;

const attrOf = (u: WeComUser, name: string): string | null => {
  if (!name) return null;
  const a = u.extattr?.attrs?.find((x) => x.name === name);
  const v = (a?.text?.value ?? a?.value ?? '').trim();
  return v || null;
};
const active = (status: number | undefined) => status === undefined || status === 1 || status === 4;

export default definePlugin({
  id: 'wecom-directory',
  kind: 'apps',
  names: { cn: '企业微信', en: 'WeCom', ja: 'WeCom（企業微信）' },
  settings: Settings,
  secrets: ['secret'],
  endpoints: ['baseUrl', 'corpId'],
  timeoutMs: 30_000,
  create(ctx) {
    const s = ctx.settings;
    const api = errcodeApi(ctx, {
      vendor: VENDOR,
      baseUrl: s.baseUrl,
      tokenUrl: `/cgi-bin/gettoken?corpid=${encodeURIComponent(s.corpId)}&corpsecret=${encodeURIComponent(s.secret)}`,
      tokenErrors: TOKEN_ERRORS,
      reasonOf: (e) =>
        CODE_ERRORS.has(e) ? 'code' : CREDENTIAL_ERRORS.has(e) ? 'credentials' : USER_ERRORS.has(e) ? 'user' : 'vendor',
    });

    /** The root and every department below it, parents before their children (siblings by `order`). */
    async function departments(): Promise<Department[]> {
      const a = await api.get<Answer<{ department?: Department[] }>>(
        '/cgi-bin/department/list',
        { id: s.rootDepartment },
        'department list',
      );
      const all = a.department ?? [];
      const children = new Map<number, Department[]>();
      for (const d of all) children.set(d.parentid, [...(children.get(d.parentid) ?? []), d]);
      const ordered: Department[] = [];
      const walk = (d: Department) => {
        ordered.push(d);
        const kids = (children.get(d.id) ?? []).sort((x, y) => (y.order ?? 0) - (x.order ?? 0) || x.id - y.id);
        for (const k of kids) walk(k);
      };
      const root = all.find((d) => d.id === s.rootDepartment);
      if (root) walk(root);
      return ordered;
    }

    function pathOf(byId: Map<number, Department>, id: number): string[] {
      const path: string[] = [];
      for (let d = byId.get(id); d; d = d.id === s.rootDepartment ? undefined : byId.get(d.parentid))
        path.unshift(d.name);
      return path;
    }

    function toDirectoryUser(u: WeComUser, home: number | undefined, byId: Map<number, Department>): DirectoryUser {
      const path = home === undefined ? [] : pathOf(byId, home);
      return {
        externalId: u.userid,
        username: u.userid,
        realName: u.name || u.userid,
        email: u.email || u.biz_mail || null,
        phone: u.mobile || null,
        employeeNo: attrOf(u, s.employeeNoAttribute),
        cardNo: attrOf(u, s.cardNoAttribute),
        department: path.at(-1) ?? null,
        departmentPath: path,
        groups: (u.department ?? []).map((d) => `wecom:dept:${d}`),
        active: active(u.status),
      };
    }

    const provider: AppsProvider = {
      async authorizeUrl(state, redirectUri, options) {
        if (options?.qr) {
          const q = new URLSearchParams({
            login_type: 'CorpApp',
            appid: s.corpId,
            agentid: String(s.agentId),
            redirect_uri: redirectUri,
            state,
          });
          return `https://login.work.weixin.qq.com/wwlogin/sso/login?${q.toString()}`;
        }
        const q = new URLSearchParams({
          appid: s.corpId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: 'snsapi_base',
          state,
          agentid: String(s.agentId),
        });
        return `https://open.weixin.qq.com/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
      },

      async exchangeCode(code): Promise<ExternalIdentity> {
        const who = await api.get<Answer<{ userid?: string; openid?: string }>>(
          '/cgi-bin/auth/getuserinfo',
          { code },
          'code exchange',
        );
        if (!who.userid)
          throw new DirectoryCallError(VENDOR, 'user', 'openid', 'not a member of the enterprise', 'code exchange');
        const u = await api.get<Answer<WeComUser>>('/cgi-bin/user/get', { userid: who.userid }, 'member');
        return {
          externalId: u.userid,
          username: u.userid,
          realName: u.name || u.userid,
          email: u.email || u.biz_mail || null,
          phone: u.mobile || null,
          employeeNo: attrOf(u, s.employeeNoAttribute),
          groups: (u.department ?? []).map((d) => `wecom:dept:${d}`),
          active: active(u.status),
        };
      },

      async listUsers({ cursor }) {
        const depts = await departments();
        const byId = new Map(depts.map((d) => [d.id, d]));
        const at = cursor ? decodeCursor<{ dept: number }>(cursor, VENDOR).dept : depts[0]?.id;
        if (at === undefined) return { users: [] };
        const index = depts.findIndex((d) => d.id === at);
        // The department the walk stood at is gone: fail the run rather than skip people (it runs again later).
        if (index < 0) throw new Error(`${VENDOR}: department ${at} disappeared during the sync; run it again`);
        const a = await api.get<Answer<{ userlist?: WeComUser[] }>>(
          '/cgi-bin/user/list',
          { department_id: at },
          'department members',
        );
        const homeOf = (u: WeComUser) =>
          u.main_department !== undefined && byId.has(u.main_department)
            ? u.main_department
            : depts.find((d) => u.department?.includes(d.id))?.id;
        const users = (a.userlist ?? []).filter((u) => homeOf(u) === at).map((u) => toDirectoryUser(u, at, byId));
        const next = depts[index + 1];
        return next ? { users, cursor: encodeCursor({ dept: next.id }) } : { users };
      },

      async health() {
        await api.fetchToken();
        return { ok: true, detail: 'access token obtained' };
      },
    };
    return provider;
  },
});
