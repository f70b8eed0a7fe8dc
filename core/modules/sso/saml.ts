/**
 * SAML 2.0 sign-in (@node-saml/node-saml): AuthnRequests by the redirect
 * binding, responses posted to the ACS. Assertions must be signed by the
 * configured IdP certificate, addressed to our audience and inside their
 * time window; each assertion ID is accepted once (kept in sso_states until
 * it could no longer be valid). Request ids and relay states live in
 * sso_states too, so any process of a cluster can take the response.
 *
 * A response to a request we sent belongs to the browser that started it
 * (browser.ts), looked up by the request id it answers, so leaving out or
 * swapping the RelayState changes nothing. The IdP posts it cross-site, where
 * a SameSite=Lax cookie does not come along: a browser is checked when it
 * redeems the one-time code, an API client (JSON) at once. An IdP-initiated
 * response answers no request and carries no binding.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../../config/default.ts';
import { AppError, BadRequestError, UnauthorizedError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { ClientMeta, SignInResult } from '../auth/index.ts';
import { assertSameBrowser } from './browser.ts';
import type { ProvisioningService } from './provisioning.ts';
import type { SamlAcsBody, SamlSettings } from './schema.ts';
import type { SsoSettingsService } from './settings.ts';
import { FLOW_TTL_MS, peekState, putState, takeState } from './states.ts';
import type { TokenUrlService } from './token-url.ts';
import type { Cradle } from '../../cradle.ts';

/** How long a used assertion id is remembered: beyond any NotOnOrAfter an IdP would reasonably set. */
const REPLAY_WINDOW_MS = 24 * 3600_000;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const bindingState = (requestId: string) => `saml-bind:${sha(requestId)}`;

export interface SamlDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  logger: Logger;
  authService: Cradle['authService'];
  ssoSettingsService: SsoSettingsService;
  ssoProvisioningService: ProvisioningService;
  tokenUrlService: TokenUrlService;
}

export type AcsOutcome =
  { kind: 'tokens'; result: SignInResult & { redirect?: string } } | { kind: 'redirect'; location: string };

export class SamlService {
  constructor(private readonly deps: SamlDeps) {}

  /** node-saml's store of AuthnRequest ids, on sso_states (the library's default is per process). */
  private readonly requestIds: CacheProvider = {
    saveAsync: async (key, value) => {
      await putState(this.deps.db, this.deps.clock, `saml-req:${sha(key)}`, 'saml', { value }, FLOW_TTL_MS);
      return { value, createdAt: this.deps.clock.now() };
    },
    getAsync: async (key) =>
      (await peekState<{ value: string }>(this.deps.db, this.deps.clock, `saml-req:${sha(key)}`, 'saml'))?.value ??
      null,
    removeAsync: async (key) => {
      if (key)
        await this.deps
          .db('sso_states')
          .where({ state: `saml-req:${sha(key)}` })
          .del();
      return key;
    },
  };

  private async settings(): Promise<SamlSettings> {
    const s = await this.deps.ssoSettingsService.enabled('saml');
    if (!s) throw new BadRequestError('sso.methodDisabled', { method: 'SAML' });
    return s;
  }

  /** Where the browser goes after the ACS: the settings' console URL, else the public address. */
  private consoleBase(s: SamlSettings): string {
    return (s.consoleUrl || this.deps.config.publicUrl).replace(/\/+$/, '');
  }

  private saml(s: SamlSettings, requestIds: CacheProvider = this.requestIds): SAML {
    const { publicUrl, apiPrefix } = this.deps.config;
    return new SAML({
      entryPoint: s.entryPoint,
      issuer: s.issuer,
      callbackUrl: s.callbackUrl || `${publicUrl}${apiPrefix}/auth/saml/acs`,
      idpCert: s.idpCert,
      ...(s.idpIssuer ? { idpIssuer: s.idpIssuer } : {}),
      audience: s.audience || s.issuer,
      wantAssertionsSigned: true,
      // The assertion's own signature is what we require; many IdPs do not sign the envelope too.
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: s.acceptedClockSkewMs,
      maxAssertionAgeMs: 0,
      validateInResponseTo: ValidateInResponseTo.ifPresent,
      requestIdExpirationPeriodMs: FLOW_TTL_MS,
      cacheProvider: requestIds,
      disableRequestedAuthnContext: true,
      ...(s.spPrivateKey ? { privateKey: s.spPrivateKey, signatureAlgorithm: 'sha256' as const } : {}),
    });
  }

  /**
   * The IdP URL (redirect binding) that starts a sign-in; `redirect` is where the console goes afterwards,
   * `browser` the hash of the starting browser's key, kept under the id of the request sent.
   */
  async start(redirect: string | undefined, browser: string): Promise<{ url: string; state: string }> {
    const s = await this.settings();
    const relay = randomBytes(16).toString('base64url');
    await putState(this.deps.db, this.deps.clock, `saml-relay:${relay}`, 'saml', { redirect });
    const sent: string[] = [];
    const recording: CacheProvider = {
      ...this.requestIds,
      saveAsync: (key, value) => {
        sent.push(key);
        return this.requestIds.saveAsync(key, value);
      },
    };
    const url = await this.saml(s, recording).getAuthorizeUrlAsync(relay, undefined, {});
    if (sent.length !== 1) throw new Error('SAML: the request id was not recorded');
    await putState(this.deps.db, this.deps.clock, bindingState(sent[0]!), 'saml', { browser });
    return { url, state: relay };
  }

  /**
   * Takes a posted SAMLResponse. API clients (Accept: application/json) get
   * tokens at once (auth method 2); a browser is sent to the console's
   * /callback with a one-time code in the hash (auth method 3, GET /auth/token).
   * `browser` is the key of the caller's sign-in cookie, when it sent one.
   */
  async acs(body: SamlAcsBody, meta: ClientMeta, wantsJson: boolean, browser: string | undefined): Promise<AcsOutcome> {
    const s = await this.settings();
    try {
      return await this.consume(s, body, meta, wantsJson, browser);
    } catch (err) {
      // A browser that posted a refused response goes back to the console with the reason (a failed
      // third-party sign-in returns to the login page), not to a bare JSON error.
      if (wantsJson || !(err instanceof AppError)) throw err;
      const hash = new URLSearchParams({ error: err.key, msg: t(meta.lang, err.key, err.params) });
      return { kind: 'redirect', location: `${this.consoleBase(s)}/callback#${hash.toString()}` };
    }
  }

  private async consume(
    s: SamlSettings,
    body: SamlAcsBody,
    meta: ClientMeta,
    wantsJson: boolean,
    browser: string | undefined,
  ): Promise<AcsOutcome> {
    const profile = await this.validate(s, body.SAMLResponse);
    const binding = await this.bindingOf(profile);
    if (wantsJson) assertSameBrowser(binding, browser);
    const relay = body.RelayState
      ? await takeState<{ redirect?: string }>(this.deps.db, this.deps.clock, `saml-relay:${body.RelayState}`, 'saml')
      : undefined;
    const attributes = {
      ...((profile.attributes as Record<string, unknown> | undefined) ?? {}),
      nameID: profile.nameID,
    };
    const user = await this.deps.ssoProvisioningService.resolve(
      { source: 'saml', externalId: profile.nameID, attributes },
      { autoCreate: s.autoCreate, matchByUsername: s.matchByUsername, userMap: s.userMap },
    );
    const logoutUrl = s.logoutUrl || undefined;
    if (wantsJson) {
      const result = await this.deps.authService.signIn(user, 'saml', meta, logoutUrl ? { logoutUrl } : {});
      return { kind: 'tokens', result: { ...result, ...(relay?.redirect ? { redirect: relay.redirect } : {}) } };
    }
    // The user's state is checked now too, so a disabled account is told at once rather than after the hop.
    await this.deps.authService.assertMaySignIn(user);
    const code = await this.deps.tokenUrlService.issue({
      userId: user.id,
      logoutUrl,
      origin: 'saml',
      browser: binding,
    });
    const hash = new URLSearchParams({ token: code });
    if (logoutUrl) hash.set('logoutUrl', logoutUrl);
    if (relay?.redirect) hash.set('redirect', relay.redirect);
    return { kind: 'redirect', location: `${this.consoleBase(s)}/callback#${hash.toString()}` };
  }

  /** The starting browser of the request a response answers; none for an IdP-initiated response. */
  private async bindingOf(profile: Profile): Promise<string | undefined> {
    const requestId = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : undefined;
    if (!requestId) return undefined;
    const flow = await takeState<{ browser: string }>(this.deps.db, this.deps.clock, bindingState(requestId), 'saml');
    if (!flow) throw new UnauthorizedError('sso.stateInvalid');
    return flow.browser;
  }

  /** Signature, audience, time window, request id; then the one-time use of the assertion id. */
  private async validate(s: SamlSettings, samlResponse: string): Promise<Profile> {
    let profile: Profile | null;
    try {
      ({ profile } = await this.saml(s).validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (err) {
      if (err instanceof AppError) throw err;
      this.deps.logger.warn({ err: (err as Error).message }, 'SAML response refused');
      throw new UnauthorizedError('sso.samlFailed');
    }
    if (!profile?.nameID) throw new UnauthorizedError('sso.samlFailed');
    const assertion = profile.getAssertion?.() as { Assertion?: { $?: { ID?: string } } } | undefined;
    const id = assertion?.Assertion?.$?.ID;
    if (!id) throw new UnauthorizedError('sso.samlFailed');
    try {
      await putState(this.deps.db, this.deps.clock, `saml-a:${sha(id)}`, 'saml', {}, REPLAY_WINDOW_MS);
    } catch (err) {
      // The primary key says this assertion was already used.
      this.deps.logger.warn({ err: (err as Error).message }, 'SAML assertion replayed');
      throw new UnauthorizedError('sso.samlReplay');
    }
    return profile;
  }

  /** SP metadata for the IdP administrator. */
  async metadata(): Promise<string> {
    const s = await this.deps.ssoSettingsService.get('saml');
    if (!s) throw new BadRequestError('sso.methodDisabled', { method: 'SAML' });
    return this.saml(s).generateServiceProviderMetadata(null);
  }
}
