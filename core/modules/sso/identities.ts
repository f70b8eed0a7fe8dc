/**
 * Which outside identity belongs to which account (user_identities: source and
 * the identity's stable id at that source, unique). Sign-ins follow a link and
 * never decide by username once it exists; directory syncs add their own
 * sources later. Administrators link and unlink by hand, which is how an
 * administrator account gets a single sign-on identity at all.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { UserIdentityModel } from './model.ts';
import type { IdentityBody, IdentityQuery, IdentityView } from './schema.ts';
import type { TrustGuard } from './trust-guard.ts';
import type { Cradle } from '../../cradle.ts';
import type { Db } from '../../db/transaction.ts';
import { joinUser } from '../users/index.ts';

export class IdentitiesService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      operationLog: Cradle['operationLog'];
      usersService: Cradle['usersService'];
      ssoTrustGuard: TrustGuard;
    },
  ) {}

  /** The account an identity is linked to. */
  async userIdOf(source: string, externalId: string, db: Db = this.deps.db): Promise<number | undefined> {
    return (await UserIdentityModel.query(db).findOne({ source, external_id: externalId }).select('user_id'))?.userId;
  }

  /** Every link of one source: external id → account (a directory sync's first read). */
  async linksOf(source: string, db: Db = this.deps.db): Promise<Map<string, number>> {
    const rows = await UserIdentityModel.query(db).where({ source }).select('external_id', 'user_id');
    return new Map(rows.map((r) => [r.externalId, r.userId]));
  }

  /** Links inside the caller's transaction; a unique violation means the identity is already someone's. */
  async insert(db: Db, userId: number, source: string, externalId: string): Promise<number> {
    const [id] = await db('user_identities').insert({
      user_id: userId,
      source,
      external_id: externalId,
      created_at: this.deps.clock.now(),
    });
    return Number(id);
  }

  async list(actor: Actor, query: IdentityQuery): Promise<Page<IdentityView>> {
    await this.deps.ssoTrustGuard.assertAdmin(actor);
    const q = this.joined(this.deps.db).orderBy('i.id');
    if (query.userId) q.where('i.user_id', query.userId);
    if (query.source) q.where('i.source', query.source);
    if (query.q) whereAnyContains(q, ['u.username', 'u.real_name', 'i.external_id'], query.q);
    return paginateModels(q, query, view);
  }

  /** Links an identity to an account by hand (system administrator, confirmed in person). */
  async link(actor: Actor, body: IdentityBody, confirmation: string | undefined): Promise<IdentityView> {
    const { db, usersService, operationLog, ssoTrustGuard } = this.deps;
    await ssoTrustGuard.assertAdmin(actor);
    const user = await usersService.findByUsername(body.username);
    if (!user) throw new NotFoundError('user', body.username);
    const taken = await this.userIdOf(body.source, body.externalId);
    if (taken !== undefined) throw new ConflictError('sso.identityLinked', { source: body.source });
    await ssoTrustGuard.confirm(actor, confirmation);
    const id = await db
      .transaction(async (trx) => {
        const created = await this.insert(trx, user.id, body.source, body.externalId);
        await operationLog.record(trx, actor, {
          action: 'sys.sso.identity.link',
          target: user.username,
          after: { source: body.source, externalId: body.externalId },
        });
        return created;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new ConflictError('sso.identityLinked', { source: body.source });
        throw err;
      });
    return view((await this.one(db, id))!);
  }

  async unlink(actor: Actor, id: number, confirmation: string | undefined): Promise<void> {
    const { db, operationLog, ssoTrustGuard } = this.deps;
    await ssoTrustGuard.assertAdmin(actor);
    const row = await this.one(db, id);
    if (!row) throw new NotFoundError('identity', id);
    await ssoTrustGuard.confirm(actor, confirmation);
    const before = view(row);
    await db.transaction(async (trx) => {
      await trx('user_identities').where({ id }).del();
      await operationLog.record(trx, actor, {
        action: 'sys.sso.identity.unlink',
        target: before.username,
        before: { source: before.source, externalId: before.externalId },
      });
    });
  }

  private joined(db: Db) {
    return joinUser(
      UserIdentityModel.query(db).alias('i').select('i.id', 'i.user_id', 'i.source', 'i.external_id', 'i.created_at'),
      'i.user_id',
      ['username', 'real_name'],
    );
  }

  private async one(db: Db, id: number): Promise<IdentityWithUser | undefined> {
    return (await this.joined(db).where('i.id', id).limit(1))[0] as IdentityWithUser | undefined;
  }
}

/** An identity with its account's names, through the users module's join. */
type IdentityWithUser = UserIdentityModel & { username: string; realName: string };

function view(identity: UserIdentityModel): IdentityView {
  const i = identity as IdentityWithUser;
  return {
    id: i.id,
    userId: i.userId,
    username: i.username,
    realName: i.realName,
    source: i.source,
    externalId: i.externalId,
    createdAt: i.createdAt,
  };
}
