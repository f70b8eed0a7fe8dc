import { TableModel } from '../../db/model.ts';

/** A signed-in session: open until it expires or is revoked (logout, password change, disabled user). */
export class SessionModel extends TableModel {
  static override tableName = 'sessions';
  id!: string;
  userId!: number;
  /** AUTH_METHOD's number of the method that opened it. */
  authMethod!: number;
  logoutUrl!: string | null;
  /** OIDC id_token_hint for the provider's end-session endpoint. */
  idToken!: string | null;
  ip!: string | null;
  userAgent!: string | null;
  createdAt!: number;
  expiresAt!: number;
  revokedAt!: number | null;
}

/** A refresh token of a session, kept as its SHA-256 hash; single use. */
export class RefreshTokenModel extends TableModel {
  static override tableName = 'refresh_tokens';
  id!: number;
  sessionId!: string;
  tokenHash!: string;
  expiresAt!: number;
  usedAt!: number | null;
  createdAt!: number;
}

/** The text of a CAPTCHA drawn for a client's uuid. */
export class CaptchaModel extends TableModel {
  static override tableName = 'captchas';
  static override idColumn = 'uuid';
  uuid!: string;
  text!: string;
  expiresAt!: number;
}

/** Failed sign-ins of one subject: a hashed account name, an address, or everyone. */
export class SignInThrottleModel extends TableModel {
  static override tableName = 'sign_in_throttle';
  static override idColumn = 'subject';
  subject!: string;
  failures!: number;
  firstFailureAt!: number;
  lastFailureAt!: number;
  blockedUntil!: number;
}

/** A value made once and shared by every process (the RSA key pair, the token signing key), encrypted. */
export class SystemSecretModel extends TableModel {
  static override tableName = 'system_secrets';
  static override idColumn = 'name';
  name!: string;
  value!: string;
  createdAt!: number;
}
