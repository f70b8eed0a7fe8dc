/**
 * The enterprise chat sign-in routes (chat-sign-in.ts): the browser flow's start, and the four code entries
 * the console calls with what the vendor put in its URL (wxToken: WeCom in-client, wxToken3: WeCom QR,
 * dingToken: DingTalk in-client, dingTokenQR: DingTalk QR).
 */
import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { PUBLIC, WithHeaders, route, type RouteDef } from '../../http/route.ts';
import type { Lang } from '../../i18n/index.ts';
import { browserKey, startBinding } from './browser.ts';
import type { ChatVendor } from './chat-sign-in.ts';
import { ConsolePath, SignInAnswer } from './schema.ts';
import { FLOW_TTL_MS } from './states.ts';

const ChatSignInBody = z.object({
  code: z.string().trim().min(1).max(512).describe("the code in the vendor's redirect (DingTalk: authCode)"),
  state: z.string().max(128).optional().describe('the state of that redirect, when it has one'),
  tenantId: z.string().max(100).optional().describe('accepted for compatibility; one organisation per installation'),
  systemcode: z.string().max(100).optional().describe('accepted for compatibility'),
});

const ChatStartQuery = z.object({
  qr: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  redirect: ConsolePath,
});

const ChatStartAnswer = z.object({
  url: z.string(),
  state: z.string(),
  vendor: z.enum(['wecom', 'dingtalk']),
});

const ENTRIES: Array<{ path: string; vendor: ChatVendor; qr: boolean; what: string }> = [
  { path: '/sys/wxToken', vendor: 'wecom', qr: false, what: 'WeCom, inside the WeCom client' },
  { path: '/sys/wxToken3', vendor: 'wecom', qr: true, what: 'WeCom, by QR code (web login)' },
  { path: '/sys/dingToken', vendor: 'dingtalk', qr: false, what: 'DingTalk, inside the DingTalk client' },
  { path: '/sys/dingTokenQR', vendor: 'dingtalk', qr: true, what: 'DingTalk, by QR code' },
];

type Headers = Record<string, string | string[] | undefined>;
const client = (ip: string, lang: Lang, headers: Headers) => ({
  ip,
  lang,
  userAgent: String(headers['user-agent'] ?? ''),
});

export function chatRoutes({ chatSignInService, config }: Cradle): RouteDef[] {
  const limit = config.loginRateLimit;
  // The sign-in cookie must reach the /sys entries, so the flow's cookie is set for /sys (auth flows use /auth).
  const cookie = {
    path: `${config.apiPrefix}/sys`,
    secure: config.publicUrl.startsWith('https:'),
    maxAgeMs: FLOW_TTL_MS,
  };
  return [
    route({
      method: 'get',
      path: '/sys/chat/start',
      permission: PUBLIC,
      rateLimitPerMinute: limit,
      summary:
        "Start a WeCom or DingTalk sign-in (whichever the apps provider is): the vendor's URL (qr=1: its QR page) with a new state; sets the cookie that only this browser may finish it with. The vendor sends the browser back to the console's /login with code and state",
      query: ChatStartQuery,
      response: ChatStartAnswer,
      errors: { 400: 'Neither WeCom nor DingTalk is the apps provider', 502: 'The provider could not make the URL' },
      handler: async ({ query, headers }) => {
        const { binding, setCookie } = startBinding(headers, cookie);
        const started = await chatSignInService.start(query.qr, query.redirect, binding);
        return new WithHeaders({ 'Set-Cookie': setCookie }, started);
      },
    }),
    ...ENTRIES.map((e) =>
      route({
        method: 'post',
        path: e.path,
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary: `Sign in through ${e.what} with the code of the vendor's redirect; answers like /sys/login`,
        body: ChatSignInBody,
        response: SignInAnswer,
        errors: {
          400: `${e.vendor === 'wecom' ? 'WeCom' : 'DingTalk'} is not the apps provider`,
          401: 'The code is invalid, expired or used, or the state unknown, used, expired or from another browser',
          403: 'The person is outside the organisation, disabled or gone there, has no account, or the account may not sign in',
          409: "The matching account is an administrator's or another's: only an administrator links it",
          429: 'Too many refused codes from this address: wait',
          502: "The vendor refused Atrium's credentials or did not answer",
        },
        handler: ({ body, ip, lang, headers }) =>
          chatSignInService.signIn(e.vendor, e.qr, body, client(ip, lang, headers), browserKey(headers)),
      }),
    ),
  ];
}
