import { z } from 'zod';
import { UserFields } from '../users/index.ts';

export const CaptchaQuery = z.object({
  uuid: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[\w-]+$/),
});

export const LoginBody = z.object({
  username: z.string().trim().min(1).max(100),
  password: z
    .string()
    .min(1)
    .max(4096)
    .describe('RSA-OAEP (SHA-256) ciphertext of the password, base64, made with /openapi/publicKey'),
  uuid: z.string().max(64).optional().describe('the client uuid the CAPTCHA was issued for'),
  captcha: z.string().max(10).optional(),
  loginType: z.enum(['local', 'ldap']).default('local'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const Notify = z.object({ title: z.string(), content: z.string() });

export const LoginAnswer = z.object({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number(),
  notify: z.array(Notify),
  passwordState: z.enum(['ok', 'firstLogin', 'expired', 'expiring']),
  passwordDaysLeft: z.number().optional(),
  permissions: z.array(z.string()),
  authMethod: z.number(),
});

export const RefreshBody = z.object({
  refreshToken: z.string().min(10).max(200),
  token: z.string().max(4096).optional(),
  getNotify: z.boolean().optional(),
});

export const ChangePasswordBody = z.object({
  password: z.string().max(4096).describe('old password, RSA-encrypted like at login'),
  newPassword: z.string().max(4096).describe('new password, RSA-encrypted'),
  confirmPassword: z.string().max(4096).describe('the new password again, RSA-encrypted'),
  revokeApiKeys: z
    .boolean()
    .default(false)
    .describe(
      "also revoke the caller's API keys (they act as the caller, and whoever knew the password may have made them)",
    ),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ClientLogBody = z.object({ from: z.string().max(20).default('pc') }).catchall(z.unknown());

/** POST /sys/register (docs/product-rules.md R14.10): the username and name follow the rules of User Management. */
export const RegisterBody = UserFields.pick({ username: true, realName: true }).extend({
  email: z.email().max(255),
  employeeNo: z
    .string()
    .trim()
    .max(50)
    .optional()
    .transform((v) => v || undefined)
    .describe('the employee number; the username when missing'),
  password: z
    .string()
    .min(1)
    .max(4096)
    .describe('RSA-OAEP (SHA-256) ciphertext of the password, base64, made with /openapi/publicKey'),
  uuid: z.string().min(8).max(64).describe('the client uuid the CAPTCHA was issued for'),
  captcha: z.string().trim().min(1).max(10),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const RegisterAnswer = z.object({
  username: z.string(),
  awaitingApproval: z.boolean().describe('the account may sign in once an administrator has approved it'),
});
export type RegisterAnswer = z.infer<typeof RegisterAnswer>;
