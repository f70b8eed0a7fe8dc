import { z } from 'zod';
import type { Cradle } from '../../container.ts';
import { PUBLIC, RawReply, RedirectReply, route, type ModuleRoutes, type RouteDef } from '../../http/route.ts';
import type { Lang } from '../../i18n/index.ts';
import {
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

const client = (ip: string, lang: Lang, headers: Record<string, string | string[] | undefined>) => ({
  ip,
  lang,
  userAgent: String(headers['user-agent'] ?? ''),
});
const StartAnswer = z.object({ url: z.string(), state: z.string() });

export function ssoRoutes({
  ssoSettingsService,
  oidcService,
  samlService,
  tokenUrlService,
  config,
}: Cradle): ModuleRoutes {
  const limit = config.loginRateLimit;
  const settingsRoutes: RouteDef[] = SSO_METHODS.flatMap((method) => [
    route({
      method: 'get',
      path: `/sys/sso/${method}`,
      permission: 'sys:security:view',
      summary: `The ${method.toUpperCase()} sign-in settings (secrets answered as { set })`,
      handler: () => ssoSettingsService.view(method),
    }),
    route<Record<string, unknown>>({
      method: 'put',
      path: `/sys/sso/${method}`,
      permission: 'sys:security:save',
      summary: `Replace the ${method.toUpperCase()} sign-in settings (a secret left out or sent back as { set } is kept, null removes it)`,
      body: SETTINGS_INPUT[method] as unknown as z.ZodType<Record<string, unknown>>,
      handler: ({ actor, body }) => ssoSettingsService.save(actor, method, body),
    }),
  ]);
  return {
    tag: 'Single sign-on',
    routes: [
      ...settingsRoutes,
      route({
        method: 'get',
        path: '/sso/methods',
        permission: PUBLIC,
        summary: 'The sign-in methods the login page offers (enabled ones, with their button text)',
        response: MethodsAnswer,
        handler: ({ lang }) => ssoSettingsService.methods(lang),
      }),
      route<undefined, StartQuery>({
        method: 'get',
        path: '/auth/oidc/start',
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary: 'Start an OIDC sign-in: the provider URL to send the browser to (follow=1 redirects there)',
        query: StartQuery,
        response: StartAnswer,
        handler: async ({ query }) => {
          const start = await oidcService.start(query.redirect);
          return query.follow ? new RedirectReply(start.url) : start;
        },
      }),
      route<OidcCallbackBody>({
        method: 'post',
        path: '/auth/oidc/callback',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary:
          "Complete an OIDC sign-in with the code and state the console's /callback page received; answers like /sys/login",
        body: OidcCallbackBody,
        response: SignInAnswer,
        handler: ({ body, ip, lang, headers }) => oidcService.callback(body, client(ip, lang, headers)),
      }),
      route<undefined, OidcReturnQuery>({
        method: 'get',
        path: '/auth/oidc/return',
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary:
          "OIDC redirect URI on the API side: completes the sign-in and sends the browser to the console's /callback#token=<one-time code> (or #error=...)",
        query: OidcReturnQuery,
        handler: async ({ query, ip, lang, headers }) =>
          new RedirectReply(await oidcService.returnToConsole(query, client(ip, lang, headers))),
      }),
      route<undefined, StartQuery>({
        method: 'get',
        path: '/auth/saml/start',
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary:
          'Start a SAML sign-in: the IdP URL (redirect binding) to send the browser to (follow=1 redirects there)',
        query: StartQuery,
        response: StartAnswer,
        handler: async ({ query }) => {
          const start = await samlService.start(query.redirect);
          return query.follow ? new RedirectReply(start.url) : start;
        },
      }),
      route<SamlAcsBody>({
        method: 'post',
        path: '/auth/saml/acs',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary:
          "Assertion consumer service: a browser is redirected to the console's /callback#token=<one-time code>; with Accept: application/json the tokens are answered directly",
        body: SamlAcsBody,
        response: SignInAnswer,
        handler: async ({ body, ip, lang, headers }) => {
          const wantsJson = String(headers.accept ?? '').includes('application/json');
          const outcome = await samlService.acs(body, client(ip, lang, headers), wantsJson);
          return outcome.kind === 'redirect' ? new RedirectReply(outcome.location) : outcome.result;
        },
      }),
      route({
        method: 'get',
        path: '/auth/saml/metadata',
        permission: PUBLIC,
        summary: "Atrium's SAML service-provider metadata (XML)",
        handler: async () => new RawReply(await samlService.metadata(), 'application/samlmetadata+xml'),
      }),
      route<undefined, z.infer<typeof TokenQuery>>({
        method: 'get',
        path: '/auth/token',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary:
          'Token URL sign-in (SPEC §7): exchange the one-time code of a /callback#token=... link (header token or ?code=) for Atrium tokens; works once',
        query: TokenQuery,
        response: SignInAnswer,
        handler: ({ query, headers, ip, lang }) => {
          const header = typeof headers.token === 'string' ? headers.token : undefined;
          return tokenUrlService.exchange(query.code ?? header, client(ip, lang, headers));
        },
      }),
    ],
  };
}
