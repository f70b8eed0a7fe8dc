/** Sign-in calls (docs/product-rules.md R14.1, docs/architecture.md A4.6), on the shared api slice. */
import { api } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import type { RegisterAnswer, RegisterBody } from '../../../../core/modules/auth/schema.ts';

export type PasswordState = 'ok' | 'firstLogin' | 'expired' | 'expiring';

export interface LoginAnswer extends Envelope {
  token: string;
  refreshToken: string;
  expiresAt: number;
  notify: Array<{ title: string; content: string }>;
  passwordState: PasswordState;
  passwordDaysLeft?: number;
  permissions: string[];
  authMethod: number;
}

export interface LoginBody {
  username: string;
  password: string;
  uuid: string;
  captcha?: string;
  loginType: 'local' | 'ldap';
}

export interface TokenAnswer extends Envelope {
  token: string;
  refreshToken: string;
  expiresAt: number;
}

/** One sign-in method of GET /sso/methods: ldap is the domain-account tab, the others start in the browser. */
export interface SsoMethod {
  method: 'ldap' | 'oidc' | 'saml';
  name: string;
  loginType?: string;
  startPath?: string;
}

export interface SsoMethods {
  localLoginEnabled: boolean;
  items: SsoMethod[];
  /** The enterprise chat that is the apps provider: the page offers its QR sign-in. */
  chat: ChatVendor | null;
}

export type ChatVendor = 'wecom' | 'dingtalk';

/** GET /sys/chat/start: the vendor's page and the state of a new browser flow. */
export interface ChatStart {
  url: string;
  state: string;
  vendor: ChatVendor;
}

/** What the vendor's redirect carries, posted to /sys/wxToken, wxToken3, dingToken or dingTokenQR. */
export interface ChatSignInBody {
  code: string;
  state?: string;
  tenantId?: string;
  systemcode?: string;
}

/** The answer of the external sign-ins (OIDC callback, token URL): /sys/login's, plus where to go. */
export interface SignInAnswer extends LoginAnswer {
  redirect?: string;
}

export const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginBody>({
      query: (body) => ({ url: '/sys/login', method: 'POST', body, public: true, silent: true }),
    }),
    /** Self-registration (docs/product-rules.md R14.10); the password is encrypted like at sign-in. */
    register: build.mutation<Envelope & { data: RegisterAnswer }, RegisterBody>({
      query: (body) => ({ url: '/sys/register', method: 'POST', body, public: true, silent: true }),
    }),
    changePassword: build.mutation<
      TokenAnswer,
      { password: string; newPassword: string; confirmPassword: string; revokeApiKeys?: boolean }
    >({
      query: (body) => ({ url: '/sys/user/password', method: 'POST', body, public: true, silent: true }),
    }),
    logout: build.mutation<Envelope & { authMethod: number; logoutUrl: string | null }, void>({
      query: () => ({ url: '/sys/logout', method: 'POST', body: {}, public: true, silent: true }),
    }),
    ssoMethods: build.query<SsoMethods, void>({
      query: () => ({ url: '/sso/methods', public: true, silent: true }),
      transformResponse: (body: Envelope) => {
        const data = body.data as Partial<SsoMethods> | undefined;
        return {
          localLoginEnabled: data?.localLoginEnabled !== false,
          items: Array.isArray(data?.items) ? data.items : [],
          chat: data?.chat === 'wecom' || data?.chat === 'dingtalk' ? data.chat : null,
        };
      },
    }),
    oidcCallback: build.mutation<SignInAnswer, { code: string; state: string; iss?: string }>({
      query: (body) => ({ url: '/auth/oidc/callback', method: 'POST', body, public: true, silent: true }),
    }),
    /** The caller's active API keys, which the password change offers to revoke. */
    myKeyCount: build.query<number, void>({
      query: () => ({ url: '/sys/user/keys', params: { state: 'active', pageSize: 1 }, silent: true }),
      transformResponse: (body: Envelope) => Number((body.data as { total?: number } | undefined)?.total ?? 0),
    }),
    tokenUrl: build.mutation<SignInAnswer, { code: string }>({
      query: (params) => ({ url: '/auth/token', params, public: true, silent: true }),
    }),
    chatStart: build.mutation<ChatStart, { qr: '1' | '0'; redirect?: string }>({
      query: (params) => ({ url: '/sys/chat/start', params, public: true, silent: true }),
      transformResponse: (body: Envelope) => body.data as ChatStart,
    }),
    chatSignIn: build.mutation<SignInAnswer, { path: string; body: ChatSignInBody }>({
      query: ({ path, body }) => ({ url: path, method: 'POST', body, public: true, silent: true }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useChangePasswordMutation,
  useLogoutMutation,
  useSsoMethodsQuery,
  useMyKeyCountQuery,
  useOidcCallbackMutation,
  useTokenUrlMutation,
  useChatStartMutation,
  useChatSignInMutation,
} = loginApi;
