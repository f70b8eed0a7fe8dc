/**
 * DingTalk (钉钉) work notifications: GET /gettoken with the application's
 * appkey and appsecret gives an access token (cached in kv until shortly
 * before `expires_in`), then POST
 * /topapi/message/corpconversation/asyncsend_v2. A token refused as invalid or
 * expired (40014, 42001, 88) is fetched again once; any other errcode fails the
 * delivery, which the host retries.
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
  appKey: z.string().trim().min(1).max(128).describe('AppKey of the internal application'),
  appSecret: z.string().min(1).max(256).describe('AppSecret of the application'),
  agentId: z.coerce.number().int().positive().describe('AgentId of the application'),
  baseUrl: z.url().default('https://oapi.dingtalk.com').describe('API address (change only for a proxy)'),
});
type Settings = z.infer<typeof Settings>;

interface DingAnswer extends TokenApiAnswer {
  task_id?: number;
  request_id?: string;
}

const TOKEN_ERRORS = new Set([40014, 42001, 88]);

export class DingTalkError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`DingTalk errcode ${errcode}: ${errmsg}`);
    this.name = 'DingTalkError';
  }
}

function client(ctx: PluginContext<Settings>) {
  return tokenApi<DingAnswer>(ctx, {
    baseUrl: ctx.settings.baseUrl,
    tokenUrl: `/gettoken?appkey=${encodeURIComponent(ctx.settings.appKey)}&appsecret=${encodeURIComponent(ctx.settings.appSecret)}`,
    tokenErrors: TOKEN_ERRORS,
    error: (errcode, errmsg) => new DingTalkError(errcode, errmsg),
  });
}

export default definePlugin({
  id: 'notify-dingtalk',
  kind: 'notify',
  names: { cn: '钉钉', en: 'DingTalk', ja: 'DingTalk（釘釘）' },
  settings: Settings,
  secrets: ['appSecret'],
  endpoints: ['baseUrl'],
  create(ctx) {
    const api = client(ctx);
    return {
      async send(message: NotifyMessage) {
        const people = [...message.to, ...message.cc];
        const ids = [...new Set(people.map((r) => r.externalId ?? r.username).filter((v): v is string => Boolean(v)))];
        const noId = people.filter((r) => !(r.externalId ?? r.username)).map((r) => r.name);
        if (ids.length === 0) return { skipped: noId };
        const a = await api.post('/topapi/message/corpconversation/asyncsend_v2', {
          agent_id: ctx.settings.agentId,
          userid_list: ids.join(','),
          msg: { msgtype: 'text', text: { content: `${message.subject}\n\n${message.text}` } },
        });
        return { skipped: noId, vendorId: a.task_id === undefined ? undefined : String(a.task_id) };
      },
      async health() {
        await api.fetchToken();
        return { ok: true, detail: 'access token obtained' };
      },
    };
  },
});
