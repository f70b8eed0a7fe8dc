import { asClass, asFunction } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { CaptchaService } from './captcha.ts';
import { DoorSignIn } from './door.ts';
import { authRoutes } from './routes.ts';
import { Reauthentication } from './reauth.ts';
import { RegistrationService } from './register.ts';
import { RsaKeyService } from './rsa-key.ts';
import { AuthService } from './service.ts';
import { SessionService } from './sessions.ts';
import { SystemSecrets } from './system-secrets.ts';
import { SignInThrottle } from './throttle.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    systemSecrets: SystemSecrets;
    rsaKeyService: RsaKeyService;
    captchaService: CaptchaService;
    signInThrottle: SignInThrottle;
    sessionService: SessionService;
    authService: AuthService;
    registrationService: RegistrationService;
    reauthentication: Reauthentication;
    doorSignIn: DoorSignIn;
  }
}

export { AuthService, type SignInResult, type ClientMeta } from './service.ts';
export { SessionService, AUTH_METHOD, type AuthMethod } from './sessions.ts';
export type { CaptchaService } from './captcha.ts';
export type { SignInThrottle } from './throttle.ts';
export type { DoorCredentials, DoorSignIn } from './door.ts';
export { CONFIRM_PASSWORD_HEADER, RECENT_SIGN_IN_MS, type Reauthentication } from './reauth.ts';

export const authModule: AtriumModule = {
  name: 'auth',
  register(container) {
    container.register({
      systemSecrets: asClass(SystemSecrets).singleton(),
      rsaKeyService: asClass(RsaKeyService).singleton(),
      captchaService: asClass(CaptchaService).singleton(),
      signInThrottle: asClass(SignInThrottle).singleton(),
      sessionService: asClass(SessionService).singleton(),
      authService: asClass(AuthService).singleton(),
      registrationService: asClass(RegistrationService).singleton(),
      doorSignIn: asClass(DoorSignIn).singleton(),
      // A current password typed to confirm an action counts toward the sign-in throttle like one typed
      // at sign-in, and waits the same: a stolen session cannot guess it without limit.
      reauthentication: asFunction(() => {
        const reauth = container.build(Reauthentication);
        reauth.onPasswordAttempt = async (actor, ok) => {
          await container.cradle.signInThrottle.check({ username: actor.username });
          await container.cradle.signInThrottle.passwordTyped(actor.username, ok);
        };
        return reauth;
      }).singleton(),
    });
  },
  routes: authRoutes,
  jobs: (c) => [
    { name: 'auth.sweepSessions', everySeconds: 3600, run: async () => void (await c.sessionService.sweep()) },
    { name: 'auth.sweepThrottle', everySeconds: 3600, run: async () => void (await c.signInThrottle.sweep()) },
  ],
  // Makes the RSA key at first start rather than at the first visitor's request.
  seed: async (c) => void (await c.rsaKeyService.publicKey()),
};
