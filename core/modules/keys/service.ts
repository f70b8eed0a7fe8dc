/**
 * API keys ("secret" management): scripts and integrations call the API with
 * `Authorization: ApiKey <key>` or `X-Api-Key: <key>` and are authorised by the
 * key's scopes. A key acts as its creator: its permissions are its scopes
 * limited to what the creator still holds, so taking a permission from a user
 * also takes it from their keys, and a disabled creator's keys stop working.
 */
import type { Knex } from 'knex';
import { holds, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { ApiKeyResolver, CallerInfo } from '../../http/authenticate.ts';
import { t } from '../../i18n/index.ts';
import { allPermissions } from '../menus/index.ts';
import { accountStanding, ACCOUNT_STATE_COLUMNS, type AccountState, joinUser } from '../users/index.ts';
import { ApiKeyModel } from './model.ts';
import type { CreatedKey, KeyInput, KeyQuery, KeyView } from './schema.ts';
import { newKey, parseKey, secretMatches } from './secret.ts';
import type { Cradle } from '../../cradle.ts';

/** The key's columns and its user's, as the per-request check reads them with plain knex. */
type KeyCheckRow = AccountState & {
  id: number;
  secret_hash: string;
  scopes: string;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  user_id: number;
  username: string;
};
/** A key with its user's name, through the users module's join. */
type KeyWithUser = ApiKeyModel & { username: string | null };
/** last_used_at is written at most once a minute per key, not on every call. */
const LAST_USED_GRANULARITY_MS = 60_000;

export class ApiKeysService implements ApiKeyResolver {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      operationLog: Cradle['operationLog'];
      rolesService: Cradle['rolesService'];
    },
  ) {}

  private view(k: KeyWithUser): KeyView {
    const now = this.deps.clock.now();
    return {
      id: k.id,
      name: k.name,
      keyId: k.keyId,
      scopes: k.scopes,
      userId: k.userId,
      username: k.username ?? null,
      createdAt: k.createdAt,
      expiresAt: k.expiresAt,
      lastUsedAt: k.lastUsedAt,
      revokedAt: k.revokedAt,
      state: k.revokedAt ? 'revoked' : k.expiresAt !== null && k.expiresAt <= now ? 'expired' : 'active',
    };
  }

  private base(trx: Knex | Knex.Transaction = this.deps.db) {
    return joinUser(ApiKeyModel.query(trx).alias('k').select('k.*'), 'k.user_id', ['username'], { left: true });
  }

  private async one(trx: Knex | Knex.Transaction, id: number): Promise<KeyWithUser | undefined> {
    return (await this.base(trx).where('k.id', id).limit(1))[0] as KeyWithUser | undefined;
  }

  async list(query: KeyQuery): Promise<Page<KeyView>> {
    const q = this.base().orderBy('k.id', 'desc');
    if (query.q) whereAnyContains(q, ['k.name', 'k.key_id'], query.q);
    if (query.userId) q.where('k.user_id', query.userId);
    if (query.state === 'active') {
      const now = this.deps.clock.now();
      q.whereNull('k.revoked_at').where((w) => w.whereNull('k.expires_at').orWhere('k.expires_at', '>', now));
    }
    return paginateModels(q, query, (k) => this.view(k as KeyWithUser));
  }

  async create(actor: Actor, input: KeyInput): Promise<CreatedKey> {
    // A key must not mint keys: a leaked key could otherwise make itself permanent.
    if (actor.via === 'apiKey') throw new ForbiddenError('keys.notWithKey');
    const scopes = [...new Set(input.scopes)];
    const known = new Set(allPermissions());
    const unknown = scopes.find((s) => !known.has(s));
    if (unknown)
      throw new ValidationError(
        [{ field: 'scopes', message: t(actor.lang, 'keys.unknownScope', { scope: unknown }) }],
        'keys.unknownScope',
        { scope: unknown },
      );
    const beyond = scopes.find((s) => !holds(actor, s));
    if (beyond) throw new ForbiddenError('keys.beyondAuthority', { scope: beyond });
    const now = this.deps.clock.now();
    if (input.expiresAt != null && input.expiresAt <= now) throw new BadRequestError('keys.badExpiry');
    const key = newKey();
    return this.deps.db.transaction(async (trx) => {
      const [id] = await trx('api_keys').insert({
        name: input.name,
        key_id: key.keyId,
        secret_hash: key.hash,
        scopes: JSON.stringify(scopes),
        user_id: actor.userId || null,
        created_by: actor.userId || null,
        created_at: now,
        expires_at: input.expiresAt ?? null,
      });
      const view = this.view((await this.one(trx, Number(id)))!);
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.keys.create',
        target: view.keyId,
        after: { name: view.name, scopes, expiresAt: view.expiresAt },
      });
      return { ...view, key: key.text };
    });
  }

  async revoke(actor: Actor, id: number): Promise<KeyView> {
    if (actor.via === 'apiKey') throw new ForbiddenError('keys.notWithKey');
    return this.deps.db.transaction(async (trx) => {
      const row = await this.one(trx, id);
      if (!row) throw new NotFoundError('API key', id);
      if (!row.revokedAt) await trx('api_keys').where({ id }).update({ revoked_at: this.deps.clock.now() });
      const after = this.view((await this.one(trx, id))!);
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.keys.revoke',
        target: after.keyId,
        before: { state: this.view(row).state },
        after: { state: after.state },
      });
      return after;
    });
  }

  /**
   * Revokes every key acting as the user, inside the caller's transaction (a password reset or change: whoever
   * had the account may have made keys). Answers the public key ids of the keys revoked, for the caller's log.
   */
  async revokeAllOfUser(trx: Knex.Transaction, userId: number): Promise<string[]> {
    const keyIds = (
      await ApiKeyModel.query(trx).where({ user_id: userId }).whereNull('revoked_at').select('key_id')
    ).map((k) => k.keyId);
    if (keyIds.length)
      await trx('api_keys')
        .where({ user_id: userId })
        .whereNull('revoked_at')
        .update({ revoked_at: this.deps.clock.now() });
    return keyIds;
  }

  async resolveApiKey(text: string, caller: CallerInfo): Promise<Actor> {
    const { db, clock, rolesService } = this.deps;
    const parsed = parseKey(text);
    if (!parsed) throw new UnauthorizedError('auth.apiKeyInvalid');
    // Every call with a key passes here: plain knex, as a model would cost time on every request.
    const row = (await joinUser(db('api_keys as k'), 'k.user_id', ['username', ...ACCOUNT_STATE_COLUMNS])
      .where('k.key_id', parsed.keyId)
      .first('k.id', 'k.secret_hash', 'k.scopes', 'k.expires_at', 'k.revoked_at', 'k.last_used_at', 'k.user_id')) as
      KeyCheckRow | undefined;
    const now = clock.now();
    if (
      !row ||
      !secretMatches(parsed.secret, row.secret_hash) ||
      row.revoked_at ||
      (row.expires_at != null && row.expires_at <= now) ||
      // The creator must be allowed to act now: not disabled, inside any restriction window.
      accountStanding(row, now) !== 'active'
    ) {
      throw new UnauthorizedError('auth.apiKeyInvalid');
    }
    if (row.last_used_at == null || row.last_used_at < now - LAST_USED_GRANULARITY_MS) {
      await db('api_keys').where({ id: row.id }).update({ last_used_at: now });
    }
    const userId = row.user_id;
    const held = await rolesService.permissionsOfUser(userId);
    const scopes = (JSON.parse(row.scopes) as string[]).filter((s) => held.has(s) || held.has('*'));
    return {
      userId,
      username: row.username,
      permissions: new Set(scopes),
      lang: caller.lang,
      ip: caller.ip,
      via: 'apiKey',
    };
  }
}
