import { asClass, asFunction, type Resolver } from 'awilix';
import type { AuthService } from '../auth/index.ts';
import type { AtriumModule } from '../module.ts';
import { ChatSignInService } from './chat-sign-in.ts';
import { IdentitiesService } from './identities.ts';
import { LdapService } from './ldap.ts';
import { OidcService } from './oidc.ts';
import { ProvisioningService } from './provisioning.ts';
import { ssoRoutes } from './routes.ts';
import { SamlService } from './saml.ts';
import { SsoSettingsService } from './settings.ts';
import { sweepStates } from './states.ts';
import { TokenUrlService } from './token-url.ts';
import { TrustGuard } from './trust-guard.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    ssoSettingsService: SsoSettingsService;
    ssoTrustGuard: TrustGuard;
    ssoIdentitiesService: IdentitiesService;
    ssoProvisioningService: ProvisioningService;
    ldapService: LdapService;
    oidcService: OidcService;
    samlService: SamlService;
    tokenUrlService: TokenUrlService;
    chatSignInService: ChatSignInService;
  }
}

export { escapeFilterValue, buildUserFilter } from './ldap.ts';
export { mapAttributes } from './provisioning.ts';
export { SSO_METHODS, type SsoMethod } from './schema.ts';
export type { SsoSettingsService, TokenUrlService, IdentitiesService };

export const ssoModule: AtriumModule = {
  name: 'sso',
  register(container) {
    container.register({
      ssoSettingsService: asClass(SsoSettingsService).singleton(),
      ssoTrustGuard: asClass(TrustGuard).singleton(),
      ssoIdentitiesService: asClass(IdentitiesService).singleton(),
      ssoProvisioningService: asClass(ProvisioningService).singleton(),
      ldapService: asClass(LdapService).singleton(),
      oidcService: asClass(OidcService).singleton(),
      samlService: asClass(SamlService).singleton(),
      tokenUrlService: asClass(TokenUrlService).singleton(),
      chatSignInService: asClass(ChatSignInService).singleton(),
    });
    // Wires the LDAP sign-in into POST /sys/login (loginType ldap) by decorating the auth module's
    // registration: whoever resolves authService — server, CLI, tests — gets it with the directory
    // hook set, with no start-up step to forget and no change to the auth module. The hook resolves
    // ldapService lazily, which in turn needs authService only through provisioning (no cycle).
    const base = container.registrations.authService as Resolver<AuthService> | undefined;
    if (!base) throw new Error('the sso module must be registered after the auth module');
    container.register({
      authService: asFunction(() => {
        const auth = container.build(base);
        auth.directory = {
          authenticate: (username, password) => container.cradle.ldapService.authenticate(username, password),
        };
        return auth;
      }).singleton(),
    });
  },
  routes: ssoRoutes,
  jobs: (c) => [
    { name: 'sso.sweepStates', everySeconds: 600, run: async () => void (await sweepStates(c.db, c.clock)) },
  ],
};
