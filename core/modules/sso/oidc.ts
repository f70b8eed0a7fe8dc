/**
 * OpenID Connect sign-in (openid-client v6): discovery, authorization code
 * with PKCE (S256), state and nonce kept in sso_states with the hash of the
 * starting browser's key. The console's /callback page posts the code and state
 * back; the answer is the same token set as the local login (or, with the API's
 * /auth/oidc/return as redirect URI, the browser goes on to the console with a
 * one-time code). Either way only the browser that started may finish. The
 * session remembers the provider's end-session URL so /sys/logout can send the
 * browser there.
 */
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import * as client from 'openid-client';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../../config/default.ts';
import { AppError, BadRequestError, UnauthorizedError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { ClientMeta, SignInResult } from '../auth/index.ts';
import type { ProvisioningService } from './provisioning.ts';
import type { UserRow } from '../users/index.ts';
import { assertSameBrowser } from './browser.ts';
import type { OidcCallbackBody, OidcReturnQuery, OidcSettings } from './schema.ts';
import type { SsoSettingsService } from './settings.ts';
import { putState, takeState } from './states.ts';
import type { TokenUrlService } from './token-url.ts';
import type { Cradle } from '../../cradle.ts';

interface OidcFlow {
  verifier: string;
  nonce: string;
  redirect?: string;
  /** Hash of the starting browser's key. */
  browser?: string;
}

/** sessions.logout_url holds 500 characters; an id_token_hint rarely fits, so it goes along only when it does. */
const LOGOUT_URL_MAX = 500;

export class OidcService {
  /** Discovery documents per configuration; a failed discovery is forgotten so the next sign-in retries. */
  private readonly configs = new Map<string, Promise<client.Configuration>>();

  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      config: Config;
      logger: Logger;
      authService: Cradle['authService'];
      ssoSettingsService: SsoSettingsService;
      ssoProvisioningService: ProvisioningService;
      tokenUrlService: TokenUrlService;
    },
  ) {}

  private async settings(): Promise<OidcSettings & { updatedAt: number }> {
    const s = await this.deps.ssoSettingsService.enabled('oidc');
    if (!s) throw new BadRequestError('sso.methodDisabled', { method: 'OIDC' });
    return s;
  }

  private configuration(s: OidcSettings & { updatedAt: number }): Promise<client.Configuration> {
    const id = createHash('sha256')
      .update(JSON.stringify([s.issuer, s.clientId, s.clientSecret ?? '', s.allowInsecureHttp, s.updatedAt]))
      .digest('hex');
    let pending = this.configs.get(id);
    if (!pending) {
      const auth = s.clientSecret ? client.ClientSecretBasic(s.clientSecret) : client.None();
      // http:// issuers only when the administrator allowed it explicitly (tests, local trials).
      pending = client.discovery(new URL(s.issuer), s.clientId, undefined, auth, {
        execute: s.allowInsecureHttp ? [client.allowInsecureRequests] : [],
        timeout: 10,
      });
      pending.catch(() => this.configs.delete(id));
      this.configs.set(id, pending);
    }
    return pending;
  }

  /** Registered with the provider; the API's return URL under the public address unless set. */
  private redirectUri(s: OidcSettings): string {
    return s.redirectUri || `${this.deps.config.publicUrl}${this.deps.config.apiPrefix}/auth/oidc/return`;
  }

  /**
   * The provider's authorization URL for a new sign-in; `redirect` is where the console goes afterwards,
   * `browser` the hash of the starting browser's key.
   */
  async start(redirect: string | undefined, browser: string): Promise<{ url: string; state: string }> {
    const s = await this.settings();
    const config = await this.guard(() => this.configuration(s), 'discovery');
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const flow: OidcFlow = { verifier, nonce, redirect, browser };
    await putState(this.deps.db, this.deps.clock, state, 'oidc', flow);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(s),
      scope: s.scopes,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { url: url.href, state };
  }

  /** Completes a sign-in with the code the provider sent to the console's /callback; `browser` is the caller's key. */
  async callback(
    body: OidcCallbackBody,
    meta: ClientMeta,
    browser: string | undefined,
  ): Promise<SignInResult & { redirect?: string }> {
    const s = await this.settings();
    const done = await this.complete(s, body, browser);
    const result = await this.deps.authService.signIn(done.user, 'oidc', meta, {
      logoutUrl: done.logoutUrl,
      idToken: done.idToken,
    });
    return { ...result, ...(done.redirect ? { redirect: done.redirect } : {}) };
  }

  /**
   * The same, when the provider's redirect URI is the API's /auth/oidc/return instead of the
   * console's page: the browser is sent on to the console's /callback with a one-time code in
   * the hash (token URL, auth method 3, bound to the same browser), or with the reason when the
   * sign-in failed.
   */
  async returnToConsole(query: OidcReturnQuery, meta: ClientMeta, browser: string | undefined): Promise<string> {
    const s = await this.settings();
    const base = (s.consoleUrl || this.deps.config.publicUrl).replace(/\/+$/, '');
    try {
      if (query.error || !query.code || !query.state) {
        this.deps.logger.info(
          { error: query.error, description: query.error_description },
          'OIDC provider returned no code',
        );
        throw new UnauthorizedError('sso.oidcFailed');
      }
      const done = await this.complete(s, { code: query.code, state: query.state, iss: query.iss }, browser);
      await this.deps.authService.assertMaySignIn(done.user);
      const code = await this.deps.tokenUrlService.issue({
        userId: done.user.id,
        logoutUrl: done.logoutUrl,
        idToken: done.idToken,
        origin: 'oidc',
        browser: done.browser,
      });
      const hash = new URLSearchParams({ token: code });
      if (done.logoutUrl) hash.set('logoutUrl', done.logoutUrl);
      if (done.redirect) hash.set('redirect', done.redirect);
      return `${base}/callback#${hash.toString()}`;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return `${base}/callback#${new URLSearchParams({ error: err.key, msg: t(meta.lang, err.key, err.params) }).toString()}`;
    }
  }

  /** State (single use, same browser), code exchange with PKCE and nonce, claims, then the Atrium user. */
  private async complete(
    s: OidcSettings & { updatedAt: number },
    body: OidcCallbackBody,
    browser: string | undefined,
  ): Promise<{ user: UserRow; logoutUrl?: string; idToken?: string; redirect?: string; browser?: string }> {
    // Single use: a replayed or forged state finds nothing.
    const flow = await takeState<OidcFlow>(this.deps.db, this.deps.clock, body.state, 'oidc');
    if (!flow) throw new UnauthorizedError('sso.stateInvalid');
    assertSameBrowser(flow.browser, browser);
    const config = await this.guard(() => this.configuration(s), 'discovery');
    const current = new URL(this.redirectUri(s));
    current.searchParams.set('code', body.code);
    current.searchParams.set('state', body.state);
    if (body.iss) current.searchParams.set('iss', body.iss);
    const { claims, idToken } = await this.guard(async () => {
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: body.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('no ID token');
      // The ID token may carry only `sub`; the profile claims come from the userinfo endpoint.
      const info = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)
        : {};
      return { claims: { ...info, ...idClaims } as Record<string, unknown>, idToken: tokens.id_token };
    }, 'code exchange');
    const user = await this.deps.ssoProvisioningService.resolve(
      {
        source: 'oidc',
        externalId: String(claims.sub),
        attributes: claims,
        // Entra ID names the person by `oid` across applications: the directory sync's link (R21.2).
        ...(typeof claims.oid === 'string' && claims.oid ? { alias: { source: 'entra', externalId: claims.oid } } : {}),
      },
      { autoCreate: s.autoCreate, matchByUsername: s.matchByUsername, userMap: s.userMap },
    );
    const logoutUrl = this.logoutUrl(config, s, idToken);
    return { user, logoutUrl, idToken, redirect: flow.redirect, browser: flow.browser };
  }

  /** RP-initiated logout at the provider's end_session_endpoint, if it has one. */
  private logoutUrl(config: client.Configuration, s: OidcSettings, idToken: string | undefined): string | undefined {
    if (!config.serverMetadata().end_session_endpoint) return undefined;
    const params: Record<string, string> = { client_id: s.clientId };
    if (s.postLogoutRedirectUri) params.post_logout_redirect_uri = s.postLogoutRedirectUri;
    const withHint = idToken ? client.buildEndSessionUrl(config, { ...params, id_token_hint: idToken }).href : '';
    if (withHint && withHint.length <= LOGOUT_URL_MAX) return withHint;
    const plain = client.buildEndSessionUrl(config, params).href;
    return plain.length <= LOGOUT_URL_MAX ? plain : undefined;
  }

  /** Provider and protocol failures become one clear 401; the detail goes to the log. */
  private async guard<T>(fn: () => Promise<T>, step: string): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.deps.logger.warn(
        { step, err: (err as Error).message, code: (err as { code?: string }).code },
        'OIDC sign-in failed',
      );
      throw new UnauthorizedError('sso.oidcFailed');
    }
  }
}
