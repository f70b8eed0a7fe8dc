/**
 * WeCom (企业微信) application messages: GET /cgi-bin/gettoken with the corp id
 * and the application's secret gives an access token (valid `expires_in`
 * seconds, cached in kv and shared by every process, as WeCom asks), then
 * POST /cgi-bin/message/send. A token refused as invalid or expired (40014,
 * 42001, 41001) is fetched again once; other errcodes fail the delivery, which
 * the host retries.
 */
import {
  definePlugin,
  tokenApi,
  z,
  type NotifyMessage,
  type PluginContext,
  type TokenApiAnswer,
} from '../../core/plugin-sdk/index.ts';

const Settings = z.object({
  corpId: z.string().trim().min(1).max(64).describe('corpid of the enterprise'),
  corpSecret: z.string().min(1).max(256).describe('secret of the application (corpsecret)'),
  agentId: z.coerce.number().int().positive().describe('AgentId of the application'),
  baseUrl: z.url().default('https://qyapi.weixin.qq.com').describe('API address (change only for a proxy)'),
});
type Settings = z.infer<typeof Settings>;

interface WeComAnswer extends TokenApiAnswer {
  invaliduser?: string;
}

const TOKEN_ERRORS = new Set([40014, 42001, 41001]);

export class WeComError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`WeCom errcode ${errcode}: ${errmsg}`);
    this.name = 'WeComError';
  }
}

function client(ctx: PluginContext<Settings>) {
  return tokenApi<WeComAnswer>(ctx, {
    baseUrl: ctx.settings.baseUrl,
    tokenUrl: `/cgi-bin/gettoken?corpid=${encodeURIComponent(ctx.settings.corpId)}&corpsecret=${encodeURIComponent(ctx.settings.corpSecret)}`,
    tokenErrors: TOKEN_ERRORS,
    error: (errcode, errmsg) => new WeComError(errcode, errmsg),
  });
}

export default definePlugin({
  id: 'notify-wecom',
  kind: 'notify',
  names: { cn: '企业微信', en: 'WeCom', ja: 'WeCom（企業微信）' },
  settings: Settings,
  secrets: ['corpSecret'],
  endpoints: ['baseUrl'],
  create(ctx) {
    const api = client(ctx);
    return {
      async send(message: NotifyMessage) {
        const people = [...message.to, ...message.cc];
        const ids = [...new Set(people.map((r) => r.externalId ?? r.username).filter((v): v is string => Boolean(v)))];
        const noId = people.filter((r) => !(r.externalId ?? r.username)).map((r) => r.name);
        if (ids.length === 0) return { skipped: noId };
        const a = await api.post('/cgi-bin/message/send', {
          touser: ids.join('|'),
          msgtype: 'text',
          agentid: ctx.settings.agentId,
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
