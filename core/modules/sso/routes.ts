import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import {
  PUBLIC,
  RawReply,
  RedirectReply,
  WithHeaders,
  route,
  type ModuleRoutes,
  type RouteDef,
  NO_DATA,
  media,
  redirect,
} from '../../http/route.ts';
import type { Lang } from '../../i18n/index.ts';
import { CONFIRM_PASSWORD_HEADER } from '../auth/index.ts';
import { browserKey, startBinding } from './browser.ts';
import { chatRoutes } from './chat-routes.ts';
import { FLOW_TTL_MS } from './states.ts';
import {
  IdentityBody,
  IdentityQuery,
  IdentityView,
  MethodsAnswer,
  SignInAnswer,
  OidcCallbackBody,
  OidcReturnQuery,
  SETTINGS_INPUT,
  SSO_METHODS,
  SamlAcsBody,
  StartQuery,
  TokenQuery,
} from './schema.ts';
import { IdParam } from '../../http/validate.ts';
import { settingsView } from './responses.ts';

const client = (ip: string, lang: Lang, headers: Record<string, string | string[] | undefined>) => ({
  ip,
  lang,
  userAgent: String(headers['user-agent'] ?? ''),
});
const StartAnswer = z.object({ url: z.string(), state: z.string() });
type Headers = Record<string, string | string[] | undefined>;
const confirmation = (headers: Headers) => {
  const value = headers[CONFIRM_PASSWORD_HEADER];
  return typeof value === 'string' && value ? value : undefined;
};

export function ssoRoutes(cradle: Cradle): ModuleRoutes {
  const { ssoSettingsService, ssoIdentitiesService, oidcService, samlService, tokenUrlService, config } = cradle;
  const limit = config.loginRateLimit;
  const cookie = {
    path: `${config.apiPrefix}/auth`,
    secure: config.publicUrl.startsWith('https:'),
    maxAgeMs: FLOW_TTL_MS,
  };
  /** A redirect sign-in's start: the browser gets (or keeps) its key, the flow its hash. */
  const start = async (
    begin: (browser: string) => Promise<{ url: string; state: string }>,
    follow: boolean,
    headers: Headers,
  ) => {
    const { binding, setCookie } = startBinding(headers, cookie);
    const started = await begin(binding);
    return new WithHeaders({ 'Set-Cookie': setCookie }, follow ? new RedirectReply(started.url) : started);
  };
  const settingsRoutes: RouteDef[] = SSO_METHODS.flatMap((method) => [
    route({
      method: 'get',
      path: `/sys/sso/${method}`,
      permission: 'sys:security:view',
      summary: `The ${method.toUpperCase()} sign-in settings (secrets answered as { set })`,
      operationId: `get${method[0]!.toUpperCase()}${method.slice(1)}Settings`,
      response: settingsView(method),
      handler: () => ssoSettingsService.view(method),
    }),
    route({
      method: 'put',
      path: `/sys/sso/${method}`,
      permission: 'sys:security:save',
      summary: `Replace the ${method.toUpperCase()} sign-in settings: system administrator only, confirmed with the current password (header ${CONFIRM_PASSWORD_HEADER}, RSA-encrypted like at sign-in) unless signed in through single sign-on within five minutes. A secret left out or sent back as { set } is kept unless a field saying where it goes changed; null removes it`,
      body: SETTINGS_INPUT[method] as unknown as z.ZodType<Record<string, unknown>>,
      operationId: `put${method[0]!.toUpperCase()}${method.slice(1)}Settings`,
      response: settingsView(method),
      handler: ({ actor, body, headers }) => ssoSettingsService.save(actor, method, body, confirmation(headers)),
    }),
  ]);
  const identityRoutes: RouteDef[] = [
    route({
      method: 'get',
      path: '/sys/sso/identities',
      response: pageOf(IdentityView),
      permission: 'sys:security:view',
      summary: 'Outside identities linked to accounts (system administrator only), paged; q searches usernames and ids',
      query: IdentityQuery,
      handler: ({ actor, query }) => ssoIdentitiesService.list(actor, query),
    }),
    route({
      method: 'post',
      path: '/sys/sso/identities',
      permission: 'sys:security:save',
      summary: `Link an identity (source and its id there) to an account: system administrator only, confirmed like a settings change (header ${CONFIRM_PASSWORD_HEADER})`,
      body: IdentityBody,
      response: IdentityView,
      handler: ({ actor, body, headers }) => ssoIdentitiesService.link(actor, body, confirmation(headers)),
    }),
    route({
      method: 'delete',
      path: '/sys/sso/identities/:id',
      response: NO_DATA,
      permission: 'sys:security:save',
      params: IdParam,
      summary: `Unlink an identity from its account: system administrator only, confirmed (header ${CONFIRM_PASSWORD_HEADER})`,
      handler: ({ actor, params, headers }) => ssoIdentitiesService.unlink(actor, params.id, confirmation(headers)),
    }),
  ];
  return {
    tag: 'Single sign-on',
    routes: [
      ...settingsRoutes,
      ...identityRoutes,
      ...chatRoutes(cradle),
      route({
        method: 'get',
        path: '/sso/methods',
        permission: PUBLIC,
        summary:
          'The sign-in methods the login page offers (enabled ones, with their button text), and the enterprise chat of its QR sign-in',
        response: MethodsAnswer,
        handler: async ({ lang }) => ({
          ...(await ssoSettingsService.methods(lang)),
          chat: (await cradle.chatSignInService.vendor()) ?? null,
        }),
      }),
      route({
        method: 'get',
        path: '/auth/oidc/start',
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary:
          'Start an OIDC sign-in: the provider URL to send the browser to (follow=1 redirects there); sets the cookie that only this browser may finish it with',
        query: StartQuery,
        response: StartAnswer,
        redirects: 'With follow=1: to the provider',
        handler: ({ query, headers }) => start((b) => oidcService.start(query.redirect, b), query.follow, headers),
      }),
      route({
        method: 'post',
        path: '/auth/oidc/callback',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary:
          "Complete an OIDC sign-in with the code and state the console's /callback page received; answers like /sys/login",
        body: OidcCallbackBody,
        response: SignInAnswer,
        errors: {
          401: 'The sign-in is not valid (unknown, used or expired)',
          403: 'The account is disabled, not provisioned or may not sign in',
        },
        handler: ({ body, ip, lang, headers }) =>
          oidcService.callback(body, client(ip, lang, headers), browserKey(headers)),
      }),
      route({
        method: 'get',
        path: '/auth/oidc/return',
        response: redirect('Back to the console, signed in or with the reason'),
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary:
          "OIDC redirect URI on the API side: completes the sign-in and sends the browser to the console's /callback#token=<one-time code> (or #error=...)",
        query: OidcReturnQuery,
        handler: async ({ query, ip, lang, headers }) =>
          new RedirectReply(await oidcService.returnToConsole(query, client(ip, lang, headers), browserKey(headers))),
      }),
      route({
        method: 'get',
        path: '/auth/saml/start',
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary:
          'Start a SAML sign-in: the IdP URL (redirect binding) to send the browser to (follow=1 redirects there); sets the cookie that only this browser may finish it with',
        query: StartQuery,
        response: StartAnswer,
        redirects: 'With follow=1: to the provider',
        handler: ({ query, headers }) => start((b) => samlService.start(query.redirect, b), query.follow, headers),
      }),
      route({
        method: 'post',
        path: '/auth/saml/acs',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary:
          "Assertion consumer service: a browser is redirected to the console's /callback#token=<one-time code>; with Accept: application/json the tokens are answered directly",
        body: SamlAcsBody,
        response: SignInAnswer,
        errors: {
          401: 'The sign-in is not valid (unknown, used or expired)',
          403: 'The account is disabled, not provisioned or may not sign in',
        },
        redirects: "Without Accept: application/json: to the console's /callback",
        handler: async ({ body, ip, lang, headers }) => {
          const wantsJson = String(headers.accept ?? '').includes('application/json');
          const outcome = await samlService.acs(body, client(ip, lang, headers), wantsJson, browserKey(headers));
          return outcome.kind === 'redirect' ? new RedirectReply(outcome.location) : outcome.result;
        },
      }),
      route({
        method: 'get',
        path: '/auth/saml/metadata',
        response: media('The service provider metadata', 'application/samlmetadata+xml'),
        permission: PUBLIC,
        summary: "Atrium's SAML service-provider metadata (XML)",
        handler: async () => new RawReply(await samlService.metadata(), 'application/samlmetadata+xml'),
      }),
      route({
        method: 'get',
        path: '/auth/token',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary:
          'Token URL sign-in: exchange the one-time code of a /callback#token=... link (header token or ?code=) for Atrium tokens; works once, and only in the browser that started the sign-in',
        query: TokenQuery,
        response: SignInAnswer,
        errors: {
          401: 'The code is unknown, used, expired or from another browser',
          403: 'The account is disabled, not provisioned or may not sign in',
        },
        handler: ({ query, headers, ip, lang }) => {
          const header = typeof headers.token === 'string' ? headers.token : undefined;
          return tokenUrlService.exchange(query.code ?? header, client(ip, lang, headers), browserKey(headers));
        },
      }),
    ],
  };
}
