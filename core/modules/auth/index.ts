import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { CaptchaService } from './captcha.ts';
import { authRoutes } from './routes.ts';
import { Reauthentication } from './reauth.ts';
import { RsaKeyService } from './rsa-key.ts';
import { AuthService } from './service.ts';
import { SessionService } from './sessions.ts';
import { SystemSecrets } from './system-secrets.ts';

declare module '../../container.ts' {
  interface Cradle {
    systemSecrets: SystemSecrets;
    rsaKeyService: RsaKeyService;
    captchaService: CaptchaService;
    sessionService: SessionService;
    authService: AuthService;
    reauthentication: Reauthentication;
  }
}

export { AuthService, type SignInResult, type ClientMeta } from './service.ts';
export { SessionService, AUTH_METHOD, type AuthMethod } from './sessions.ts';
export type { CaptchaService } from './captcha.ts';
export { CONFIRM_PASSWORD_HEADER, RECENT_SIGN_IN_MS, type Reauthentication } from './reauth.ts';

export const authModule: AtriumModule = {
  name: 'auth',
  register(container) {
    container.register({
      systemSecrets: asClass(SystemSecrets).singleton(),
      rsaKeyService: asClass(RsaKeyService).singleton(),
      captchaService: asClass(CaptchaService).singleton(),
      sessionService: asClass(SessionService).singleton(),
      authService: asClass(AuthService).singleton(),
      reauthentication: asClass(Reauthentication).singleton(),
    });
  },
  routes: authRoutes,
  jobs: (c) => [
    { name: 'auth.sweepSessions', everySeconds: 3600, run: async () => void (await c.sessionService.sweep()) },
  ],
  // Makes the RSA key at first start rather than at the first visitor's request.
  seed: async (c) => void (await c.rsaKeyService.publicKey()),
};
