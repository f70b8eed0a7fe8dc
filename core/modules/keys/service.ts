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
import { paginate, type Page } from '../../db/paging.ts';
import { BadRequestError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import type { ApiKeyResolver, CallerInfo } from '../../http/authenticate.ts';
import { t } from '../../i18n/index.ts';
import { allPermissions } from '../menus/index.ts';
import { accountStanding, ACCOUNT_STATE_COLUMNS, type AccountState, joinUser } from '../users/index.ts';
import type { CreatedKey, KeyInput, KeyQuery, KeyView } from './schema.ts';
import { newKey, parseKey, secretMatches } from './secret.ts';
import type { Cradle } from '../../cradle.ts';

type Row = Record<string, unknown>;
const num = (v: unknown) => (v == null ? null : Number(v));
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

  private view(r: Row): KeyView {
    const now = this.deps.clock.now();
    const expiresAt = num(r.expires_at);
    const revokedAt = num(r.revoked_at);
    return {
      id: Number(r.id),
      name: String(r.name),
      keyId: String(r.key_id),
      scopes: JSON.parse(String(r.scopes)) as string[],
      userId: num(r.user_id),
      username: (r.username as string | null) ?? null,
      createdAt: Number(r.created_at),
      expiresAt,
      lastUsedAt: num(r.last_used_at),
      revokedAt,
      state: revokedAt ? 'revoked' : expiresAt !== null && expiresAt <= now ? 'expired' : 'active',
    };
  }

  private base(trx: Knex | Knex.Transaction = this.deps.db) {
    return joinUser(trx('api_keys as k').select('k.*'), 'k.user_id', ['username'], { left: true });
  }

  async list(query: KeyQuery): Promise<Page<KeyView>> {
    const q = this.base().orderBy('k.id', 'desc');
    if (query.q) whereAnyContains(q, ['k.name', 'k.key_id'], query.q);
    if (query.userId) q.where('k.user_id', query.userId);
    if (query.state === 'active') {
      const now = this.deps.clock.now();
      q.whereNull('k.revoked_at').where((w) => w.whereNull('k.expires_at').orWhere('k.expires_at', '>', now));
    }
    return paginate(q, query, (r) => this.view(r));
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
      const view = this.view((await this.base(trx).where('k.id', Number(id)).first()) as Row);
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
      const row = (await this.base(trx).where('k.id', id).first()) as Row | undefined;
      if (!row) throw new NotFoundError('API key', id);
      if (!row.revoked_at) await trx('api_keys').where({ id }).update({ revoked_at: this.deps.clock.now() });
      const after = this.view((await this.base(trx).where('k.id', id).first()) as Row);
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
      (await trx('api_keys').where({ user_id: userId }).whereNull('revoked_at').select('key_id')) as Array<{
        key_id: string;
      }>
    ).map((r) => r.key_id);
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
    const row = (await joinUser(db('api_keys as k'), 'k.user_id', ['username', ...ACCOUNT_STATE_COLUMNS])
      .where('k.key_id', parsed.keyId)
      .first('k.id', 'k.secret_hash', 'k.scopes', 'k.expires_at', 'k.revoked_at', 'k.last_used_at', 'k.user_id')) as
      Row | undefined;
    const now = clock.now();
    if (
      !row ||
      !secretMatches(parsed.secret, String(row.secret_hash)) ||
      row.revoked_at ||
      (row.expires_at != null && Number(row.expires_at) <= now) ||
      // The creator must be allowed to act now: not disabled, inside any restriction window.
      accountStanding(row as unknown as AccountState, now) !== 'active'
    ) {
      throw new UnauthorizedError('auth.apiKeyInvalid');
    }
    if (row.last_used_at == null || Number(row.last_used_at) < now - LAST_USED_GRANULARITY_MS) {
      await db('api_keys').where({ id: row.id }).update({ last_used_at: now });
    }
    const userId = Number(row.user_id);
    const held = await rolesService.permissionsOfUser(userId);
    const scopes = (JSON.parse(String(row.scopes)) as string[]).filter((s) => held.has(s) || held.has('*'));
    return {
      userId,
      username: String(row.username),
      permissions: new Set(scopes),
      lang: caller.lang,
      ip: caller.ip,
      via: 'apiKey',
    };
  }
}
