/**
 * The login entry points that arrive in the URL hash: a token (with an
 * optional logout URL) after an external sign-in, or the server's translated
 * reason when that sign-in was refused, the auth method, and fixSelection (the
 * number minus one picks the login option).
 */
export interface HashEntry {
  token?: string;
  /** A refused external sign-in: the message key and the text in the caller's language. */
  error?: string;
  msg?: string;
  logoutUrl?: string;
  authMethod?: number;
  fixSelection?: number;
  redirect?: string;
}

export function readHashEntry(hash: string): HashEntry {
  const params = new URLSearchParams(hash.replace(/^#\/?\??/, ''));
  const out: HashEntry = {};
  const token = params.get('token');
  if (token) out.token = token;
  const error = params.get('error');
  if (error) out.error = error;
  const msg = params.get('msg');
  if (msg) out.msg = msg;
  const logoutUrl = params.get('logoutUrl');
  if (logoutUrl) out.logoutUrl = logoutUrl;
  const authMethod = Number(params.get('authMethod'));
  if (Number.isInteger(authMethod) && authMethod > 0) out.authMethod = authMethod;
  const redirect = params.get('redirect');
  if (redirect) out.redirect = redirect;
  const fix = Number(params.get('fixSelection'));
  if (Number.isInteger(fix) && fix > 0) out.fixSelection = fix - 1;
  return out;
}

/** Where a code of an enterprise chat's redirect is posted, per vendor: [inside its client, by QR code]. */
const CHAT_ENTRIES = {
  wecom: ['/sys/wxToken', '/sys/wxToken3'],
  dingtalk: ['/sys/dingToken', '/sys/dingTokenQR'],
} as const;

export interface ChatEntry {
  path: string;
  body: { code: string; state?: string; tenantId?: string; systemcode?: string };
}

/** The vendor a page runs inside, by its user agent (WeCom's `wxwork`, DingTalk's `DingTalk`). */
export function chatClientOf(userAgent: string): 'wecom' | 'dingtalk' | undefined {
  if (/DingTalk/i.test(userAgent)) return 'dingtalk';
  if (/wxwork/i.test(userAgent)) return 'wecom';
  return undefined;
}

/**
 * The enterprise chat entry in the login page's query: the code the vendor put there (DingTalk names it
 * `authCode`), its state, tenant and system code. A state this browser kept when it started a QR flow
 * (`qrState`) goes to the QR entry; anything else is the sign-in inside the vendor's client. `vendor` is the
 * apps provider the server names; without one the user agent and the state's prefix decide.
 */
export function readChatEntry(
  search: string,
  vendor: 'wecom' | 'dingtalk' | null,
  userAgent: string,
  qrState: string | null,
): ChatEntry | undefined {
  const params = new URLSearchParams(search);
  const code = params.get('authCode') ?? params.get('code') ?? params.get('auth_code');
  if (!code) return undefined;
  const state = params.get('state') || undefined;
  const hinted = /^ding/i.test(state ?? '') ? 'dingtalk' : /^(wx|wecom)/i.test(state ?? '') ? 'wecom' : undefined;
  const chosen = vendor ?? chatClientOf(userAgent) ?? hinted;
  if (!chosen) return undefined;
  const qr = Boolean(state && qrState === state);
  const extra = Object.fromEntries(
    (['tenantId', 'systemcode'] as const).flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])),
  );
  return { path: CHAT_ENTRIES[chosen][qr ? 1 : 0], body: { code, ...(state ? { state } : {}), ...extra } };
}
