/**
 * Sessions, access tokens and refresh tokens.
 * - Access tokens are short-lived JWTs (HS256) carrying sub, sid, tenantid, exp.
 * - Refresh tokens are random, stored only as SHA-256 hashes, and rotate on each
 *   use; presenting a used one again revokes the whole session (token theft).
 * - Every request checks that its session is still open, so logout, a disabled
 *   user or a licence registration end access at once.
 * - A session lasts at most `sessionMaxDays` from its sign-in: refreshing moves its
 *   end towards that limit, never past it.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Knex } from 'knex';
import type { Config } from '../../../config/default.ts';
import type { Clock } from '../../clock.ts';
import { UnauthorizedError } from '../../errors.ts';
import type { ParamsService } from '../params/index.ts';
import { ACCOUNT_STATE_COLUMNS, type AccountState, joinUser } from '../users/index.ts';
import { RefreshTokenModel, SessionModel } from './model.ts';
import { SessionCache } from './session-cache.ts';
import type { SystemSecrets } from './system-secrets.ts';

export const AUTH_METHOD = { local: 0, oidc: 1, saml: 2, tokenUrl: 3, ldap: 4, cli: 5, wecom: 6, dingtalk: 7 } as const;
export type AuthMethod = keyof typeof AUTH_METHOD;

export interface TokenPair {
  token: string;
  refreshToken: string;
  expiresAt: number;
}

export interface AccessClaims {
  userId: number;
  sessionId: string;
  mustChangePassword: boolean;
}

/** The open session and its user as the per-request check reads them (plain knex, aliased to these names). */
export type SessionUser = Pick<SessionModel, 'id' | 'userId' | 'expiresAt' | 'revokedAt'> &
  AccountState & {
    username: string;
  };

const DAY_MS = 86_400_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

const B64URL = /^[A-Za-z0-9_-]+$/;

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export class SessionService {
  private readonly verified: SessionCache<SessionUser & { permissions: Set<string> }>;

  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      config: Config;
      systemSecrets: SystemSecrets;
      paramsService: Pick<ParamsService, 'get'>;
    },
  ) {
    this.verified = new SessionCache(deps.db, deps.config.sessionCacheMs);
  }

  /** How long a session lasts at most after its sign-in. */
  private async maxAgeMs(): Promise<number> {
    return Number(await this.deps.paramsService.get<number>('sessionMaxDays')) * DAY_MS;
  }

  private key?: Buffer;

  private async signingKey(): Promise<Uint8Array> {
    if (this.key) return this.key;
    const hex = await this.deps.systemSecrets.getOrCreate('jwt-hs256', () => randomBytes(32).toString('hex'));
    return (this.key = Buffer.from(hex, 'hex'));
  }

  async accessToken(
    userId: number,
    sessionId: string,
    ttlSeconds: number,
    mustChangePassword = false,
  ): Promise<{ token: string; expiresAt: number }> {
    const nowSec = Math.floor(this.deps.clock.now() / 1000);
    const exp = nowSec + ttlSeconds;
    const token = await new SignJWT({
      sid: sessionId,
      tenantid: 'default',
      ...(mustChangePassword ? { pwc: true } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt(nowSec)
      .setExpirationTime(exp)
      .sign(await this.signingKey());
    return { token, expiresAt: exp * 1000 };
  }

  /** Opens a session and returns its first token pair. */
  async open(
    userId: number,
    method: AuthMethod,
    meta: { ip?: string; userAgent?: string; logoutUrl?: string; idToken?: string; mustChangePassword?: boolean } = {},
  ): Promise<TokenPair & { sessionId: string }> {
    const { db, clock, config } = this.deps;
    const sessionId = randomUUID();
    const now = clock.now();
    const refreshToken = randomBytes(32).toString('base64url');
    const expiresAt = Math.min(now + config.refreshTokenTtlSeconds * 1000, now + (await this.maxAgeMs()));
    await db.transaction(async (trx) => {
      await trx('sessions').insert({
        id: sessionId,
        user_id: userId,
        auth_method: AUTH_METHOD[method],
        logout_url: meta.logoutUrl ?? null,
        id_token: meta.idToken ?? null,
        ip: meta.ip?.slice(0, 64) ?? null,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        created_at: now,
        expires_at: expiresAt,
      });
      await trx('refresh_tokens').insert({
        session_id: sessionId,
        token_hash: sha256(refreshToken),
        expires_at: expiresAt,
        created_at: now,
      });
    });
    const access = await this.accessToken(userId, sessionId, config.accessTokenTtlSeconds, meta.mustChangePassword);
    return { sessionId, token: access.token, expiresAt: access.expiresAt, refreshToken };
  }

  /**
   * Verifies an access token's signature and expiry (not yet its session). Every request passes here, so
   * this is HS256 done with node:crypto in the request's own turn (jose goes through WebCrypto: a key import
   * and a thread-pool round trip per call). Same checks as jose's jwtVerify with `algorithms: ['HS256']`:
   * a compact JWS of three base64url parts, header alg HS256 without `crit`, the HMAC compared in constant
   * time, numeric exp in the future, nbf (when present) reached, then sub and sid.
   */
  async verify(token: string): Promise<AccessClaims> {
    const invalid = () => new UnauthorizedError('auth.tokenInvalid');
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) throw invalid();
    const [h, p, sig] = parts as [string, string, string];
    const expected = createHmac('sha256', await this.signingKey())
      .update(`${h}.${p}`)
      .digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    const header = parseJson(h);
    const payload = parseJson(p);
    if (!header || header.alg !== 'HS256' || header.crit !== undefined || !payload) throw invalid();
    const nowSec = Math.floor(this.deps.clock.now() / 1000);
    if (typeof payload.exp !== 'number' || payload.exp <= nowSec) throw invalid();
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > nowSec)) throw invalid();
    if (payload.iat !== undefined && typeof payload.iat !== 'number') throw invalid();
    const userId = Number(payload.sub);
    if (typeof payload.sub !== 'string' || !Number.isInteger(userId) || typeof payload.sid !== 'string')
      throw invalid();
    return { userId, sessionId: payload.sid, mustChangePassword: payload.pwc === true };
  }

  /**
   * The open session with its user and, given the query of that user's permission rows (`user_id`, `permission`;
   * the roles module's), their permissions: one round trip, on every signed-in request, unless the same session
   * was verified a moment ago (session-cache.ts).
   */
  async activeSessionUser(
    sessionId: string,
    permissionRows: (db: Knex) => Knex.QueryBuilder,
  ): Promise<(SessionUser & { permissions: Set<string> }) | undefined> {
    const now = this.deps.clock.now();
    const known = this.verified.get(sessionId, now);
    if (known) return known;
    const mark = this.verified.mark();
    const session = await this.readSessionUser(sessionId, permissionRows);
    if (session) this.verified.set(sessionId, session, mark);
    return session;
  }

  private async readSessionUser(
    sessionId: string,
    permissionRows: (db: Knex) => Knex.QueryBuilder,
  ): Promise<(SessionUser & { permissions: Set<string> }) | undefined> {
    const { db } = this.deps;
    // Every signed-in request passes here: plain knex, as a model would cost time on every request.
    const rows = (await joinUser(db('sessions as s'), 's.user_id', ['username', ...ACCOUNT_STATE_COLUMNS])
      .leftJoin(permissionRows(db).as('p'), 'p.user_id', 's.user_id')
      .where('s.id', sessionId)
      .select(
        's.id',
        's.user_id as userId',
        's.expires_at as expiresAt',
        's.revoked_at as revokedAt',
        'p.permission',
      )) as Array<SessionUser & { permission: string | null }>;
    const row = rows[0];
    if (!row || row.revokedAt || row.expiresAt < this.deps.clock.now()) return undefined;
    const { permission: _, ...session } = row;
    return { ...session, permissions: new Set(rows.flatMap((r) => (r.permission === null ? [] : [r.permission]))) };
  }

  async activeSession(
    sessionId: string,
    trx: Knex | Knex.Transaction = this.deps.db,
  ): Promise<SessionModel | undefined> {
    const session = await SessionModel.query(trx).findById(sessionId);
    if (!session || session.revokedAt || session.expiresAt < this.deps.clock.now()) return undefined;
    return session;
  }

  /**
   * Exchanges a refresh token for a new pair. A token that was already used
   * revokes its session: either the client is confused or someone copied it.
   */
  async rotate(
    refreshToken: string,
    mustChangePassword: (userId: number) => Promise<boolean>,
  ): Promise<TokenPair & { userId: number; sessionId: string }> {
    const { db, clock, config } = this.deps;
    const now = clock.now();
    const maxAge = await this.maxAgeMs();
    const result = await db.transaction(async (trx) => {
      const token = await RefreshTokenModel.query(trx).findOne({ token_hash: sha256(refreshToken) });
      if (!token) throw new UnauthorizedError('auth.refreshInvalid');
      if (token.usedAt) {
        await trx('sessions').where({ id: token.sessionId }).update({ revoked_at: now });
        return { reused: true } as const;
      }
      const session = await this.activeSession(token.sessionId, trx);
      const end = session ? session.createdAt + maxAge : 0;
      if (!session || token.expiresAt < now || end <= now) throw new UnauthorizedError('auth.refreshInvalid');
      const claimed = await trx('refresh_tokens').where({ id: token.id }).whereNull('used_at').update({ used_at: now });
      if (claimed === 0) throw new UnauthorizedError('auth.refreshInvalid');
      const next = randomBytes(32).toString('base64url');
      const expiresAt = Math.min(now + config.refreshTokenTtlSeconds * 1000, end);
      await trx('refresh_tokens').insert({
        session_id: session.id,
        token_hash: sha256(next),
        expires_at: expiresAt,
        created_at: now,
      });
      await trx('sessions').where({ id: session.id }).update({ expires_at: expiresAt });
      return { reused: false, refreshToken: next, userId: session.userId, sessionId: session.id } as const;
    });
    // Outside the transaction, so the revocation of a reused token is committed before we refuse.
    if (result.reused) throw new UnauthorizedError('auth.refreshInvalid');
    const access = await this.accessToken(
      result.userId,
      result.sessionId,
      config.accessTokenTtlSeconds,
      await mustChangePassword(result.userId),
    );
    return {
      token: access.token,
      expiresAt: access.expiresAt,
      refreshToken: result.refreshToken,
      userId: result.userId,
      sessionId: result.sessionId,
    };
  }

  async revoke(sessionId: string): Promise<SessionModel | undefined> {
    const session = await SessionModel.query(this.deps.db).findById(sessionId);
    await this.deps
      .db('sessions')
      .where({ id: sessionId })
      .whereNull('revoked_at')
      .update({ revoked_at: this.deps.clock.now() });
    return session;
  }

  async revokeAllOfUser(userId: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<void> {
    await trx('sessions')
      .where({ user_id: userId })
      .whereNull('revoked_at')
      .update({ revoked_at: this.deps.clock.now() });
  }

  /** Ends every session (after a licence registration everyone signs in again). */
  async revokeAll(trx: Knex | Knex.Transaction = this.deps.db): Promise<void> {
    await trx('sessions').whereNull('revoked_at').update({ revoked_at: this.deps.clock.now() });
  }

  /** Deletes sessions that ended more than a day ago. */
  async sweep(): Promise<number> {
    const cutoff = this.deps.clock.now() - 86_400_000;
    return this.deps.db('sessions').where('expires_at', '<', cutoff).orWhere('revoked_at', '<', cutoff).del();
  }
}
