/**
 * Zod schemas of the single sign-on settings (one per method) and of the
 * sign-in calls. Secret fields are write-only: a string replaces the stored
 * value, null removes it, and leaving it out (or sending back the `{ set }`
 * the GET answered) keeps it, unless a field that says where the secret goes
 * changed (then it must be typed again).
 */
import { z } from 'zod';
import { PageQuery } from '../../db/paging.ts';

export const SSO_METHODS = ['ldap', 'oidc', 'saml'] as const;
export type SsoMethod = (typeof SSO_METHODS)[number];

/** The secret fields of each method: encrypted at rest, never answered in clear. */
export const SECRET_FIELDS: Record<SsoMethod, readonly string[]> = {
  ldap: ['bindPassword'],
  oidc: ['clientSecret'],
  saml: ['spPrivateKey'],
};

/**
 * The fields that say where a method connects or whom it trusts. A stored secret was typed for those
 * values: when one changes, the secret is not carried over (a save must send it again).
 */
export const ENDPOINT_FIELDS: Record<SsoMethod, readonly string[]> = {
  ldap: ['url', 'bindDn'],
  oidc: ['issuer', 'clientId'],
  saml: ['entryPoint', 'idpCert'],
};

/** User fields a directory attribute can fill, with the length of their column. */
export const USER_FIELDS = {
  username: 100,
  realName: 100,
  email: 255,
  phone: 30,
  employeeNo: 50,
  department: 100,
} as const;
export type UserField = keyof typeof USER_FIELDS;

const attribute = z.string().trim().max(200);
export const UserMap = z.strictObject({
  username: attribute.optional(),
  realName: attribute.optional(),
  email: attribute.optional(),
  phone: attribute.optional(),
  employeeNo: attribute.optional(),
  department: attribute.optional(),
});
export type UserMap = z.infer<typeof UserMap>;

const SecretInput = z.union([z.string().max(16_384), z.null(), z.strictObject({ set: z.boolean() })]).optional();
export type SecretInput = z.infer<typeof SecretInput>;

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/i, 'an http(s) URL');
const optionalHttpUrl = z.union([httpUrl, z.literal('')]).default('');

const common = {
  enabled: z.boolean().default(false),
  /** Text of the login page button; the built-in name in the caller's language when empty. */
  displayName: z.string().trim().max(50).default(''),
  /** Create unknown users at their first sign-in (role staff); refuse them otherwise. */
  autoCreate: z.boolean().default(false),
  /**
   * Let an identity without a link yet take over the Atrium account of the same username, once:
   * the link is stored and decides from then on (for accounts made by hand or imported before the
   * directory was switched on). Never for an account holding the administrator role: an
   * administrator links those explicitly. Off: such a username clash is refused.
   */
  matchByUsername: z.boolean().default(false),
};

export const LdapSettingsInput = z.strictObject({
  ...common,
  url: z
    .string()
    .trim()
    .max(500)
    .regex(/^ldaps?:\/\/[^\s]+$/i, 'an ldap:// or ldaps:// URL'),
  bindDn: z.string().trim().max(500).default(''),
  bindPassword: SecretInput,
  searchBase: z.string().trim().min(1).max(500),
  userFilter: z
    .string()
    .trim()
    .max(500)
    .default('(uid={username})')
    .refine(
      (v) => v.includes('{username}') && v.startsWith('(') && v.endsWith(')'),
      'an LDAP filter in parentheses containing {username}',
    ),
  /** Attribute that identifies the entry for good (entryUUID, objectGUID); the DN when the entry has none. */
  externalIdAttribute: z.string().trim().min(1).max(100).default('entryUUID'),
  timeoutMs: z.number().int().min(500).max(60_000).default(5000),
  userMap: UserMap.default({
    username: 'uid',
    realName: 'cn',
    email: 'mail',
    phone: 'telephoneNumber',
    employeeNo: 'employeeNumber',
    department: 'departmentNumber',
  }),
});

export const OidcSettingsInput = z.strictObject({
  ...common,
  issuer: httpUrl,
  clientId: z.string().trim().min(1).max(200),
  clientSecret: SecretInput,
  scopes: z
    .string()
    .trim()
    .max(500)
    .default('openid profile email')
    .refine((v) => v.split(/\s+/).includes('openid'), 'must include openid'),
  /**
   * Registered with the provider: the console's /callback page (which posts the code to
   * /auth/oidc/callback), or the API's /auth/oidc/return (which hands the console a one-time code).
   * Empty: the API's /auth/oidc/return under the public address (ATRIUM_PUBLIC_URL).
   */
  redirectUri: optionalHttpUrl,
  /** Base URL of the console for /auth/oidc/return; the public address when empty. */
  consoleUrl: optionalHttpUrl,
  postLogoutRedirectUri: optionalHttpUrl,
  /** Allows an http:// issuer. For tests and local trials only: tokens would travel in clear. */
  allowInsecureHttp: z.boolean().default(false),
  userMap: UserMap.default({ username: 'preferred_username', realName: 'name', email: 'email', phone: 'phone_number' }),
});

export const SamlSettingsInput = z.strictObject({
  ...common,
  /** The IdP's single sign-on URL (redirect binding). */
  entryPoint: httpUrl,
  idpIssuer: z.string().trim().max(500).default(''),
  /** The IdP's signing certificate (PEM or bare base64); public, so not a secret. */
  idpCert: z.string().trim().min(20).max(16_384),
  /** Atrium's entity ID. */
  issuer: z.string().trim().min(1).max(500),
  /** Absolute URL of POST /api/auth/saml/acs as the IdP reaches it; under the public address when empty. */
  callbackUrl: optionalHttpUrl,
  /** Expected audience of assertions; the entity ID when empty. */
  audience: z.string().trim().max(500).default(''),
  /** Base URL of the console: after the ACS the browser goes to `<consoleUrl>/callback#token=...`; the public address when empty. */
  consoleUrl: optionalHttpUrl,
  /** The IdP's logout page, handed to the console for sign-out. */
  logoutUrl: optionalHttpUrl,
  /** Atrium's key (PEM) to sign AuthnRequests, when the IdP wants them signed. */
  spPrivateKey: SecretInput,
  acceptedClockSkewMs: z.number().int().min(0).max(300_000).default(60_000),
  userMap: UserMap.default({ username: 'uid', realName: 'displayName', email: 'email' }),
});

export const SETTINGS_INPUT = { ldap: LdapSettingsInput, oidc: OidcSettingsInput, saml: SamlSettingsInput } as const;

/** Settings as services use them: secrets decrypted (or absent). */
type Resolved<T, S extends keyof T> = Omit<T, S> & { [K in S]?: string };
export type LdapSettings = Resolved<z.infer<typeof LdapSettingsInput>, 'bindPassword'>;
export type OidcSettings = Resolved<z.infer<typeof OidcSettingsInput>, 'clientSecret'>;
export type SamlSettings = Resolved<z.infer<typeof SamlSettingsInput>, 'spPrivateKey'>;
export interface SettingsOf {
  ldap: LdapSettings;
  oidc: OidcSettings;
  saml: SamlSettings;
}

/** A redirect target inside the console: a path, never another site. */
export const ConsolePath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'a path inside the console')
  .optional();

export const StartQuery = z.object({
  redirect: ConsolePath,
  follow: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type StartQuery = z.infer<typeof StartQuery>;

export const OidcCallbackBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(100),
  /** RFC 9207 issuer of the authorization response, when the provider sends one. */
  iss: z.string().max(500).optional(),
});
export type OidcCallbackBody = z.infer<typeof OidcCallbackBody>;

export const OidcReturnQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(100).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
export type OidcReturnQuery = z.infer<typeof OidcReturnQuery>;

export const SamlAcsBody = z.object({
  SAMLResponse: z.string().min(1).max(1_000_000),
  RelayState: z.string().max(200).optional(),
});
export type SamlAcsBody = z.infer<typeof SamlAcsBody>;

export const TokenQuery = z.object({ code: z.string().max(200).optional() });

/** Where an identity comes from: a sign-in method, or later a directory sync (wecom, dingtalk, scim, ...). */
export const IdentitySource = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _');

export const IdentityQuery = PageQuery.extend({
  userId: z.coerce.number().int().positive().optional(),
  source: IdentitySource.optional(),
});
export type IdentityQuery = z.infer<typeof IdentityQuery>;

export const IdentityBody = z.strictObject({
  username: z.string().trim().min(1).max(100),
  source: IdentitySource,
  /** The identity's stable id at its source: LDAP entryUUID (or DN), OIDC `sub`, SAML NameID. */
  externalId: z.string().trim().min(1).max(255),
});
export type IdentityBody = z.infer<typeof IdentityBody>;

export const IdentityView = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  realName: z.string(),
  source: z.string(),
  externalId: z.string(),
  createdAt: z.number(),
});
export type IdentityView = z.infer<typeof IdentityView>;

export const MethodsAnswer = z.object({
  localLoginEnabled: z.boolean(),
  items: z.array(
    z.object({
      method: z.enum(SSO_METHODS),
      name: z.string(),
      loginType: z.string().optional(),
      startPath: z.string().optional(),
    }),
  ),
  chat: z
    .enum(['wecom', 'dingtalk'])
    .nullable()
    .optional()
    .describe(
      'the enterprise chat whose QR sign-in the page offers (GET /sys/chat/start), when it is the apps provider',
    ),
});

/** The login answer of /sys/login (same tokens), plus where the console goes next. */
export const SignInAnswer = z.looseObject({
  token: z.string(),
  refreshToken: z.string(),
  expiresAt: z.number(),
  permissions: z.array(z.string()),
  authMethod: z.number().describe('1 OIDC, 2 SAML, 3 token URL'),
  redirect: z.string().optional(),
});
