/**
 * WeCom (企业微信) application messages: GET /cgi-bin/gettoken with the corp id
 * and the application's secret gives an access token (valid `expires_in`
 * seconds, cached in kv and shared by every process, as WeCom asks), then
 * POST /cgi-bin/message/send. A token refused as invalid or expired (40014,
 * 42001, 41001) is fetched again once; other errcodes fail the delivery, which
 * the host retries.
 */
import { definePlugin, z, type NotifyMessage, type PluginContext } from '../../core/plugin-sdk/index.ts';

const Settings = z.object({
  corpId: z.string().trim().min(1).max(64).describe('corpid of the enterprise'),
  corpSecret: z.string().min(1).max(256).describe('secret of the application (corpsecret)'),
  agentId: z.coerce.number().int().positive().describe('AgentId of the application'),
  baseUrl: z.url().default('https://qyapi.weixin.qq.com').describe('API address (change only for a proxy)'),
});
type Settings = z.infer<typeof Settings>;

interface WeComAnswer {
  errcode: number;
  errmsg: string;
  access_token?: string;
  expires_in?: number;
  invaliduser?: string;
}

const TOKEN_ERRORS = new Set([40014, 42001, 41001]);
/** Renew a little before WeCom's own expiry, so a token never dies in flight. */
const MARGIN_MS = 5 * 60_000;

export class WeComError extends Error {
  constructor(readonly errcode: number, errmsg: string) {
    super(`WeCom errcode ${errcode}: ${errmsg}`);
    this.name = 'WeComError';
  }
}

function client(ctx: PluginContext<Settings>) {
  const base = ctx.settings.baseUrl.replace(/\/$/, '');
  async function fetchToken(): Promise<string> {
    const url = `${base}/cgi-bin/gettoken?corpid=${encodeURIComponent(ctx.settings.corpId)}&corpsecret=${encodeURIComponent(ctx.settings.corpSecret)}`;
    const a = await ctx.http.json<WeComAnswer>(url);
    if (a.errcode !== 0 || !a.access_token) throw new WeComError(a.errcode, a.errmsg);
    await ctx.kv.set('accessToken', a.access_token, Math.max(60_000, (a.expires_in ?? 7200) * 1000 - MARGIN_MS));
    return a.access_token;
  }
  async function token(): Promise<string> {
    return (await ctx.kv.get<string>('accessToken')) ?? fetchToken();
  }
  async function post(path: string, body: unknown, retried = false): Promise<WeComAnswer> {
    const url = `${base}${path}?access_token=${encodeURIComponent(await token())}`;
    const a = await ctx.http.json<WeComAnswer>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (TOKEN_ERRORS.has(a.errcode) && !retried) {
      await ctx.kv.delete('accessToken');
      return post(path, body, true);
    }
    if (a.errcode !== 0) throw new WeComError(a.errcode, a.errmsg);
    return a;
  }
  return { fetchToken, post };
}

export default definePlugin({
  id: 'notify-wecom',
  kind: 'notify',
  names: { cn: '企业微信', en: 'WeCom', ja: 'WeCom（企業微信）' },
  settings: Settings,
  secrets: ['corpSecret'],
  create(ctx) {
    const api = client(ctx);
    return {
      async send(message: NotifyMessage) {
        const people = [...message.to, ...message.cc];
        const ids = [...new Set(people.map((r) => r.externalId ?? r.username).filter((v): v is string => Boolean(v)))];
        const noId = people.filter((r) => !(r.externalId ?? r.username)).map((r) => r.name);
        if (ids.length === 0) return { skipped: noId };
        const a = await api.post('/cgi-bin/message/send', {
          touser: ids.join('|'), msgtype: 'text', agentid: ctx.settings.agentId,
          text: { content: `${message.subject}\n\n${message.text}` },
        });
        return { skipped: [...noId, ...(a.invaliduser ? a.invaliduser.split('|') : [])] };
      },
      async health() {
        await api.fetchToken();
        return { ok: true, detail: 'access token obtained' };
      },
    };
  },
});
