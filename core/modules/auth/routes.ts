import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { UnauthorizedError } from '../../errors.ts';
import { PUBLIC, RawReply, SIGNED_IN, route, type ModuleRoutes, media } from '../../http/route.ts';
import {
  CaptchaQuery,
  ChangePasswordBody,
  LoginAnswer,
  LoginBody,
  RefreshBody,
  RegisterAnswer,
  RegisterBody,
} from './schema.ts';

export function authRoutes({
  authService,
  captchaService,
  registrationService,
  rsaKeyService,
  usersService,
  config,
}: Cradle): ModuleRoutes {
  const limit = config.loginRateLimit;
  return {
    tag: 'Sign-in',
    routes: [
      route({
        method: 'get',
        path: '/openapi/publicKey',
        permission: PUBLIC,
        spread: true,
        summary: 'The RSA public key that encrypts credentials (PEM, modulus and exponent in hex)',
        response: z.object({
          publicKey: z.string(),
          modulus: z.string(),
          exponent: z.string(),
          bits: z.number(),
          algorithm: z.string(),
        }),
        handler: () => rsaKeyService.publicKey(),
      }),
      route({
        method: 'get',
        path: '/captcha',
        response: media('The CAPTCHA image', 'image/png'),
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary: 'A CAPTCHA image (PNG) of 5 characters for this client uuid; single use',
        query: CaptchaQuery,
        handler: async ({ query }) =>
          new RawReply(await captchaService.issue(query.uuid), 'image/png', {
            headers: { 'Cache-Control': 'no-store' },
          }),
      }),
      route({
        method: 'post',
        path: '/sys/login',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit,
        summary: 'Sign in with a username and an RSA-encrypted password',
        body: LoginBody,
        response: LoginAnswer,
        errors: {
          401: 'Wrong username, password or CAPTCHA (captchaRequired says whether one is needed next)',
          403: 'The account is disabled or locked, or this way of signing in is switched off',
        },
        handler: ({ body, ip, headers, lang }) => {
          if (body.loginType === 'ldap')
            return authService.loginDirectory(body, { ip, lang, userAgent: String(headers['user-agent'] ?? '') });
          return authService.loginLocal(body, { ip, lang, userAgent: String(headers['user-agent'] ?? '') });
        },
      }),
      route({
        method: 'post',
        path: '/sys/register',
        permission: PUBLIC,
        rateLimitPerMinute: limit,
        summary:
          'Make a local account from the login page (registerEnabled): CAPTCHA always; waits for approval while registerNeedsApproval is on',
        body: RegisterBody,
        response: RegisterAnswer,
        errors: { 403: 'Self-registration or local sign-in is switched off' },
        handler: ({ body, ip, headers, lang }) =>
          registrationService.register(body, { ip, lang, userAgent: String(headers['user-agent'] ?? '') }),
      }),
      route({
        method: 'post',
        path: '/sys/refreshToken',
        permission: PUBLIC,
        spread: true,
        rateLimitPerMinute: limit * 2,
        summary: 'Exchange a refresh token for a new token pair (the old refresh token stops working)',
        body: RefreshBody,
        response: z.object({ token: z.string(), refreshToken: z.string(), expiresAt: z.number() }),
        errors: {
          401: 'The refresh token is unknown, used or expired',
          403: 'The account is disabled or may no longer sign in',
        },
        handler: ({ body }) => authService.refresh(body.refreshToken),
      }),
      route({
        method: 'post',
        path: '/sys/logout',
        permission: SIGNED_IN,
        spread: true,
        duringPasswordChange: true,
        summary: 'End this session; answers the auth method and, for single sign-on, where to sign out next',
        response: z.object({ authMethod: z.number(), logoutUrl: z.string().nullable() }),
        handler: ({ actor }) => authService.logout(actor),
      }),
      route({
        method: 'get',
        path: '/sys/user/info',
        permission: SIGNED_IN,
        duringPasswordChange: true,
        summary: 'The signed-in user: names, employee number, contact, department and permissions',
        response: z.object({
          id: z.number(),
          username: z.string(),
          realName: z.string(),
          employeeNo: z.string(),
          email: z.string().nullable(),
          phone: z.string().nullable(),
          department: z.string().nullable(),
          source: z.string(),
          permissions: z.array(z.string()),
        }),
        handler: async ({ actor }) => {
          const u = await usersService.findById(actor.userId);
          if (!u) throw new UnauthorizedError('auth.tokenInvalid');
          return {
            id: u.id,
            username: u.username,
            realName: u.realName,
            employeeNo: u.employeeNo,
            email: u.email,
            phone: u.phone,
            department: u.department,
            source: u.source,
            permissions: [...actor.permissions].sort(),
          };
        },
      }),
      route({
        method: 'post',
        path: '/sys/user/password',
        permission: SIGNED_IN,
        spread: true,
        duringPasswordChange: true,
        summary: "Change one's own password (fields RSA-encrypted); other sessions end",
        body: ChangePasswordBody,
        response: z.object({ token: z.string(), refreshToken: z.string(), expiresAt: z.number() }),
        handler: ({ actor, body }) => authService.changePassword(actor, body),
      }),
    ],
  };
}
