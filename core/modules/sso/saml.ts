/**
 * SAML 2.0 sign-in (@node-saml/node-saml): AuthnRequests by the redirect
 * binding, responses posted to the ACS. Assertions must be signed by the
 * configured IdP certificate, addressed to our audience and inside their
 * time window; each assertion ID is accepted once (kept in sso_states until
 * it could no longer be valid). Request ids and relay states live in
 * sso_states too, so any process of a cluster can take the response.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import { AppError, BadRequestError, UnauthorizedError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type { AuthService, ClientMeta, SignInResult } from '../auth/index.ts';
import type { ProvisioningService } from './provisioning.ts';
import type { SamlAcsBody, SamlSettings } from './schema.ts';
import type { SsoSettingsService } from './settings.ts';
import { FLOW_TTL_MS, peekState, putState, takeState } from './states.ts';
import type { TokenUrlService } from './token-url.ts';

/** How long a used assertion id is remembered: beyond any NotOnOrAfter an IdP would reasonably set. */
const REPLAY_WINDOW_MS = 24 * 3600_000;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const consoleBase = (s: SamlSettings) => s.consoleUrl.replace(/\/+$/, '');

export interface SamlDeps {
  db: Knex;
  clock: Clock;
  logger: Logger;
  authService: AuthService;
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

  private saml(s: SamlSettings): SAML {
    return new SAML({
      entryPoint: s.entryPoint,
      issuer: s.issuer,
      callbackUrl: s.callbackUrl,
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
      cacheProvider: this.requestIds,
      disableRequestedAuthnContext: true,
      ...(s.spPrivateKey ? { privateKey: s.spPrivateKey, signatureAlgorithm: 'sha256' as const } : {}),
    });
  }

  /** The IdP URL (redirect binding) that starts a sign-in; `redirect` is where the console goes afterwards. */
  async start(redirect: string | undefined): Promise<{ url: string; state: string }> {
    const s = await this.settings();
    const relay = randomBytes(16).toString('base64url');
    await putState(this.deps.db, this.deps.clock, `saml-relay:${relay}`, 'saml', { redirect });
    const url = await this.saml(s).getAuthorizeUrlAsync(relay, undefined, {});
    return { url, state: relay };
  }

  /**
   * Takes a posted SAMLResponse. API clients (Accept: application/json) get
   * tokens at once (auth method 2); a browser is sent to the console's
   * /callback with a one-time code in the hash (auth method 3, GET /auth/token).
   */
  async acs(body: SamlAcsBody, meta: ClientMeta, wantsJson: boolean): Promise<AcsOutcome> {
    const s = await this.settings();
    try {
      return await this.consume(s, body, meta, wantsJson);
    } catch (err) {
      // A browser that posted a refused response goes back to the console with the reason (SPEC §8:
      // a failed third-party login returns to the login page), not to a bare JSON error.
      if (wantsJson || !(err instanceof AppError)) throw err;
      const hash = new URLSearchParams({ error: err.key, msg: t(meta.lang, err.key, err.params) });
      return { kind: 'redirect', location: `${consoleBase(s)}/callback#${hash.toString()}` };
    }
  }

  private async consume(s: SamlSettings, body: SamlAcsBody, meta: ClientMeta, wantsJson: boolean): Promise<AcsOutcome> {
    const profile = await this.validate(s, body.SAMLResponse);
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
    const code = await this.deps.tokenUrlService.issue({ userId: user.id, logoutUrl, origin: 'saml' });
    const hash = new URLSearchParams({ token: code });
    if (logoutUrl) hash.set('logoutUrl', logoutUrl);
    if (relay?.redirect) hash.set('redirect', relay.redirect);
    return { kind: 'redirect', location: `${consoleBase(s)}/callback#${hash.toString()}` };
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
