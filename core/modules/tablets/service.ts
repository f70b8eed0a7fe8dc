/**
 * Door tablets (docs/product-rules.md R19): an administrator makes a one-time pairing code for a room; the tablet
 * trades it for a device credential that admits it to the tablet routes of that room only. Every tablet call marks
 * the tablet seen; the administrators list, rename, revoke, re-pair and reload tablets, each change logged, and are
 * told when a tablet stays offline (R19.11).
 */
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { Config } from '../../../config/default.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Cradle } from '../../cradle.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { runTx, type Db } from '../../db/transaction.ts';
import { BadRequestError, BusinessRuleError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors.ts';
import type { CallerInfo, DeviceResolver } from '../../http/authenticate.ts';
import { t, type Lang } from '../../i18n/index.ts';
import { DESK } from '../resources/index.ts';
import { hashOf, newCredential, newPairingCode } from './credential.ts';
import { TabletModel, TabletPairingCodeModel } from './model.ts';
import { deviceOf, panelNames, panelOf, wallName, type DeviceTarget } from './wall.ts';
import {
  CODE_VALID_MS,
  ONLINE_WITHIN_MS,
  type PadMe,
  type PadRoom,
  type PadSettings,
  type PairInput,
  type Paired,
  type PairingCode,
  type PairingCodeInput,
  type TabletList,
  type TabletView,
  type WallCodeInput,
} from './schema.ts';

/** last_seen_at is written at most this often per tablet (a new app version is written at once). */
const SEEN_GRANULARITY_MS = 15_000;
/** Used and expired pairing codes are kept this long, then swept. */
const CODE_KEPT_MS = 24 * 3_600_000;
/** Offline tablets told about per run of the job; the rest wait for its next minute. */
const OFFLINE_BATCH = 100;

export interface TabletsDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  operationLog: Cradle['operationLog'];
  paramsService: Cradle['paramsService'];
  notificationsService: Cradle['notificationsService'];
  resourcesService: Cradle['resourcesService'];
  signInThrottle: Cradle['signInThrottle'];
  changeLog: Cradle['changeLog'];
}

/**
 * The actor of a tablet's calls: no user, no permission; a door tablet's one room or a wall screen (core/http/mount.ts
 * admits the one on DEVICE routes, the other on WALL routes).
 */
function deviceActor(tabletId: number, target: DeviceTarget, lang: Lang, ip?: string): Actor {
  return {
    userId: 0,
    username: `tablet ${tabletId}`,
    permissions: new Set(),
    lang,
    ip,
    via: 'device',
    device: deviceOf(tabletId, target),
  };
}

export class TabletsService implements DeviceResolver {
  constructor(private readonly deps: TabletsDeps) {}

  private async roomOfId(resourceId: number, trx?: Db): Promise<PadRoom & { type: number }> {
    const r = await this.deps.resourcesService.get(resourceId, trx);
    return { id: r.id, name: r.name, capacity: r.capacity, timeZone: r.timeZone, type: r.type };
  }

  private async views(tablets: TabletModel[], trx?: Db): Promise<TabletView[]> {
    const now = this.deps.clock.now();
    const names = new Map<number, string>();
    for (const id of new Set(tablets.flatMap((r) => (r.resourceId === null ? [] : [r.resourceId]))))
      names.set(id, (await this.roomOfId(id, trx)).name);
    const panels = await panelNames(
      trx ?? this.deps.db,
      tablets.flatMap((r) => (r.panelId === null ? [] : [r.panelId])),
    );
    return tablets.map((r) => ({
      id: r.id,
      name: r.name,
      purpose: r.purpose,
      resourceId: r.resourceId,
      resourceName: r.resourceId === null ? '' : (names.get(r.resourceId) ?? ''),
      panelId: r.panelId,
      panelName: r.panelId === null ? null : (panels.get(r.panelId) ?? null),
      state: r.revokedAt ? 'revoked' : 'active',
      online: !r.revokedAt && r.lastSeenAt !== null && r.lastSeenAt > now - ONLINE_WITHIN_MS,
      lastSeenAt: r.lastSeenAt,
      appVersion: r.appVersion,
      screen: r.screen,
      language: r.language as Lang,
      pairedAt: r.pairedAt,
      revokedAt: r.revokedAt,
      reloadRequestedAt: r.reloadRequestedAt,
    }));
  }

  async list(query: TabletList): Promise<Page<TabletView>> {
    const q = TabletModel.query(this.deps.db).orderBy('id');
    if (query.resourceId) q.where('resource_id', query.resourceId);
    if (query.q) whereAnyContains(q, ['name'], query.q);
    if (query.online !== undefined) {
      const since = this.deps.clock.now() - ONLINE_WITHIN_MS;
      if (query.online) q.whereNull('revoked_at').where('last_seen_at', '>', since);
      else
        q.where((w) => w.whereNotNull('revoked_at').orWhereNull('last_seen_at').orWhere('last_seen_at', '<=', since));
    }
    const page = await paginateModels(q, query, (m) => m);
    return { ...page, items: await this.views(page.items) };
  }

  async get(id: number, trx: Db = this.deps.db): Promise<TabletView> {
    const tablet = await TabletModel.query(trx).findById(id);
    if (!tablet) throw new NotFoundError('tablet', id);
    return (await this.views([tablet], trx))[0]!;
  }

  /** A code for the room or the wall (a new tablet), or for an existing tablet (a re-pairing), stored hashed. */
  private async issueCode(trx: Knex.Transaction, target: DeviceTarget, tabletId: number | null, name?: string) {
    const now = this.deps.clock.now();
    const expiresAt = now + CODE_VALID_MS;
    for (let attempt = 1; ; attempt++) {
      const { code, hash } = newPairingCode();
      try {
        // A savepoint, so a code that happens to equal a stored one is drawn again without losing the transaction.
        await trx.transaction(async (sp) => {
          await TabletPairingCodeModel.query(sp).insert({
            codeHash: hash,
            ...target,
            tabletId,
            name: name ?? null,
            expiresAt,
            createdAt: now,
          });
        });
        const screen = target.purpose === 'wall' ? 'wall' : 'pad';
        return { code, expiresAt, url: `${this.deps.config.publicUrl}/${screen}?code=${code}` };
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  }

  async createPairingCode(actor: Actor, input: PairingCodeInput): Promise<PairingCode> {
    if ('wall' in input) return this.createWallCode(actor, input);
    const room = await this.roomOfId(input.resourceId);
    if (room.type === DESK) throw new BusinessRuleError('tablets.notARoom');
    return runTx(this.deps.db, async (trx) => {
      const issued = await this.issueCode(
        trx,
        { purpose: 'door', resourceId: room.id, panelId: null },
        null,
        input.name,
      );
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.tablets.pairingCode',
        target: room.id,
        after: { resourceId: room.id, name: input.name ?? null, expiresAt: issued.expiresAt },
      });
      const noPanel = { panelId: null, panelName: null };
      return { ...issued, purpose: 'door', resourceId: room.id, resourceName: room.name, ...noPanel, tabletId: null };
    });
  }

  /** A pairing code for a wall screen (R19.12): no room; one panel (which must exist) or every panel. */
  private async createWallCode(actor: Actor, input: WallCodeInput): Promise<PairingCode> {
    const panel = await panelOf(this.deps.db, input.panelId);
    const target = { purpose: 'wall', resourceId: null, panelId: panel?.id ?? null } as const;
    return runTx(this.deps.db, async (trx) => {
      const issued = await this.issueCode(trx, target, null, input.name);
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.tablets.pairingCode',
        after: { purpose: 'wall', panelId: target.panelId, name: input.name ?? null, expiresAt: issued.expiresAt },
      });
      const noRoom = { resourceId: null, resourceName: null };
      return {
        ...issued,
        purpose: 'wall',
        ...noRoom,
        panelId: target.panelId,
        panelName: panel?.name ?? null,
        tabletId: null,
      };
    });
  }

  /** Runs one logged change of a tablet: `<action>` with the tablet before and after, in one transaction. */
  private change<T = TabletView>(
    actor: Actor,
    id: number,
    action: string,
    write: (trx: Knex.Transaction, before: TabletView) => Promise<T | void>,
  ): Promise<T | TabletView> {
    return runTx(this.deps.db, async (trx) => {
      const before = await this.get(id, trx);
      const answer = await write(trx, before);
      const after = await this.get(id, trx);
      await this.deps.operationLog.record(trx, actor, { action: `sys.tablets.${action}`, target: id, before, after });
      return answer ?? after;
    });
  }

  rename(actor: Actor, id: number, name: string): Promise<TabletView> {
    return this.change(actor, id, 'rename', async (trx) => {
      await TabletModel.query(trx).findById(id).patch({ name, updatedAt: this.deps.clock.now() });
    }) as Promise<TabletView>;
  }

  /** The credential stops working at once (401 on the next call); the tablet stays listed as revoked. */
  revoke(actor: Actor, id: number): Promise<TabletView> {
    return this.change(actor, id, 'revoke', async (trx, before) => {
      const now = this.deps.clock.now();
      if (!before.revokedAt) await TabletModel.query(trx).findById(id).patch({ revokedAt: now, updatedAt: now });
    }) as Promise<TabletView>;
  }

  /** Revokes the tablet's credential and answers a code that pairs it again (same name and room). */
  repair(actor: Actor, id: number): Promise<PairingCode> {
    return this.change(actor, id, 'repair', async (trx, before) => {
      const now = this.deps.clock.now();
      if (!before.revokedAt) await TabletModel.query(trx).findById(id).patch({ revokedAt: now, updatedAt: now });
      const { purpose, resourceId, panelId, panelName } = before;
      const issued = await this.issueCode(trx, { purpose, resourceId, panelId }, id);
      const resourceName = resourceId === null ? null : before.resourceName;
      return { ...issued, purpose, resourceId, resourceName, panelId, panelName, tabletId: id };
    }) as Promise<PairingCode>;
  }

  /** Asks the tablet to reload its screen; it sees `reloadRequested` on GET /pad/me. */
  reload(actor: Actor, id: number): Promise<TabletView> {
    return this.change(actor, id, 'reload', async (trx, before) => {
      if (before.revokedAt) throw new BusinessRuleError('tablets.revoked');
      const now = this.deps.clock.now();
      await TabletModel.query(trx).findById(id).patch({ reloadRequestedAt: now, updatedAt: now });
    }) as Promise<TabletView>;
  }

  /**
   * POST /pad/pair: a valid code (not expired, not used) becomes a device credential, answered once. Wrong codes
   * count toward the sign-in throttle of the caller's address, which makes further tries wait.
   */
  async pair(input: PairInput, caller: CallerInfo): Promise<Paired> {
    const { db, clock, signInThrottle } = this.deps;
    await signInThrottle.check({ address: caller.ip });
    const now = clock.now();
    const found = await TabletPairingCodeModel.query(db)
      .where({ code_hash: hashOf(input.code) })
      .whereNull('used_at')
      .where('expires_at', '>', now)
      .first();
    if (!found) {
      await signInThrottle.failed({ address: caller.ip });
      throw new BadRequestError('tablets.codeInvalid');
    }
    const { purpose, resourceId } = found;
    // A door tablet's code typed on a wall screen (or the reverse) would be used up for the wrong screen.
    if (input.purpose && input.purpose !== purpose) throw new BadRequestError(`tablets.${purpose}Code`);
    const room = resourceId === null ? null : await this.roomOfId(resourceId);
    const panel = purpose === 'wall' ? await panelOf(this.deps.db, found.panelId) : null;
    const target: DeviceTarget = { purpose, resourceId, panelId: panel?.id ?? null };
    const credential = newCredential();
    const tabletId = await runTx(db, async (trx) => {
      // Single use however many tablets send the code at once: only one update finds it unused.
      const claimed = await TabletPairingCodeModel.query(trx)
        .findById(found.id)
        .whereNull('used_at')
        .patch({ usedAt: now });
      if (claimed !== 1) throw new BadRequestError('tablets.codeInvalid');
      const paired = {
        ...target,
        credentialHash: credential.hash,
        language: input.language,
        appVersion: input.appVersion ?? null,
        screen: input.screen ?? null,
        pairedAt: now,
        lastSeenAt: now,
        offlineAlertedAt: null,
        revokedAt: null,
        reloadRequestedAt: null,
        updatedAt: now,
      };
      let id = found.tabletId;
      if (id !== null) await TabletModel.query(trx).findById(id).patch(paired);
      else {
        const name = found.name ?? room?.name ?? wallName(panel, input.language);
        id = (await TabletModel.query(trx).insert({ ...paired, name, createdAt: now })).id;
      }
      const after = await this.get(id, trx);
      await this.deps.operationLog.record(trx, deviceActor(id, target, caller.lang, caller.ip), {
        action: 'sys.tablets.pair',
        target: id,
        after,
      });
      return id;
    });
    return { credential: credential.text, tablet: await this.me(deviceActor(tabletId, target, caller.lang)) };
  }

  /** `Authorization: Device <credential>`: the tablet's actor, marked seen (core/http/mount.ts). */
  async resolveDevice(credential: string, caller: CallerInfo & { appVersion?: string }): Promise<Actor> {
    const { db, clock } = this.deps;
    const tablet = await TabletModel.query(db)
      .findOne({ credential_hash: hashOf(credential) })
      .select(
        'id',
        'resource_id',
        'revoked_at',
        'last_seen_at',
        'app_version',
        'offline_alerted_at',
        'purpose',
        'panel_id',
      );
    if (!tablet) throw new UnauthorizedError('tablets.credentialInvalid');
    if (tablet.revokedAt) throw new UnauthorizedError('tablets.revoked');
    const now = clock.now();
    const appVersion = caller.appVersion?.slice(0, 50);
    const versionChanged = appVersion !== undefined && appVersion !== tablet.appVersion;
    const back = tablet.offlineAlertedAt !== null;
    if (back || versionChanged || tablet.lastSeenAt === null || tablet.lastSeenAt <= now - SEEN_GRANULARITY_MS)
      // Back from an outage the administrators were told of: its next outage is a new one (R19.11).
      await TabletModel.query(db)
        .findById(tablet.id)
        .patch({
          lastSeenAt: now,
          offlineAlertedAt: null,
          ...(versionChanged ? { appVersion } : {}),
        });
    return deviceActor(tablet.id, tablet, caller.lang, caller.ip);
  }

  private deviceOf(actor: Actor): NonNullable<Actor['device']> {
    if (!actor.device) throw new ForbiddenError();
    return actor.device;
  }

  private async padRoomOf(resourceId: number): Promise<PadRoom> {
    const { type: _type, ...room } = await this.roomOfId(resourceId);
    return room;
  }

  /** GET /pad/me: the tablet, its room (a wall screen: its panel) and whether it should reload. */
  async me(actor: Actor): Promise<PadMe> {
    const { tabletId } = this.deviceOf(actor);
    const tablet = await TabletModel.query(this.deps.db).findById(tabletId);
    if (!tablet) throw new UnauthorizedError('tablets.credentialInvalid');
    const room = tablet.resourceId === null ? null : await this.padRoomOf(tablet.resourceId);
    const panel = await panelOf(this.deps.db, tablet.panelId);
    return {
      tabletId,
      name: tablet.name,
      purpose: tablet.purpose,
      language: tablet.language as Lang,
      screen: tablet.screen,
      room,
      panel,
      reloadRequested: tablet.reloadRequestedAt !== null,
    };
  }

  /** PUT /pad/me: the tablet's own language (changeable on the tablet) and screen size. */
  async updateMe(actor: Actor, input: PadSettings): Promise<PadMe> {
    const { tabletId } = this.deviceOf(actor);
    const change = {
      ...(input.language ? { language: input.language } : {}),
      ...(input.screen ? { screen: input.screen } : {}),
    };
    if (Object.keys(change).length)
      await TabletModel.query(this.deps.db)
        .findById(tabletId)
        .patch({ ...change, updatedAt: this.deps.clock.now() });
    return this.me(actor);
  }

  /** POST /pad/me/reloaded: the tablet has reloaded as asked. */
  async reloaded(actor: Actor): Promise<PadMe> {
    const { tabletId } = this.deviceOf(actor);
    await TabletModel.query(this.deps.db).findById(tabletId).patch({ reloadRequestedAt: null });
    return this.me(actor);
  }

  /** A room as its tablet sees it; any other room is refused (a tablet sees its own room only). */
  async room(actor: Actor, resourceId: number): Promise<PadRoom> {
    if (this.deviceOf(actor).resourceId !== resourceId) throw new ForbiddenError('tablets.otherRoom');
    const { type: _type, ...room } = await this.roomOfId(resourceId);
    return room;
  }

  /**
   * Tells the administrators (tablets.manage) of each active tablet that has not called for `padOfflineAlertMinutes`
   * (0: never), once per outage (docs/product-rules.md R19.11): the conditional update that marks it alerted and the
   * messages are one transaction, so of several processes looking at once only one finds it unmarked and tells. The
   * mark is cleared when the tablet calls again. Answers how many tablets were told of.
   */
  async alertOffline(): Promise<number> {
    const { db, clock } = this.deps;
    const minutes = Number(await this.deps.paramsService.get<number>('padOfflineAlertMinutes'));
    if (!minutes) return 0;
    const now = clock.now();
    const before = now - minutes * 60_000;
    const unmarked = (trx: Db) =>
      TabletModel.query(trx)
        .whereNull('revoked_at')
        .whereNull('offline_alerted_at')
        .where('last_seen_at', '<=', before);
    const tablets = await unmarked(db)
      .orderBy('last_seen_at')
      .limit(OFFLINE_BATCH)
      .select('id', 'name', 'resource_id', 'last_seen_at');
    let told = 0;
    for (const r of tablets) {
      // A wall screen has no room: its last call is said in UTC.
      const room = r.resourceId === null ? null : await this.roomOfId(r.resourceId);
      const zone = room?.timeZone ?? 'UTC';
      const lastSeenAt = Number(r.lastSeenAt);
      const lastSeen = DateTime.fromMillis(lastSeenAt, { zone }).toFormat('yyyy-MM-dd HH:mm');
      const params = { name: r.name, room: room?.name ?? '', minutes, lastSeen, zone };
      const kind = room ? 'offline' : 'wallOffline';
      const queue = await this.deps.notificationsService.noticeToHolders('tablets.manage', {
        topic: 'tablet.offline',
        key: `tablet.offline:${r.id}:${lastSeenAt}`,
        words: (lang) => ({
          subject: t(lang, `tablets.${kind}Subject`, params),
          text: t(lang, `tablets.${kind}Text`, params),
        }),
      });
      const won = await runTx(db, async (trx) => {
        if ((await unmarked(trx).findById(r.id).patch({ offlineAlertedAt: now })) !== 1) return false;
        await queue(trx);
        await this.deps.changeLog.record(trx, [
          {
            name: 'tablet.offline',
            payload: { tabletId: r.id, name: r.name, resourceId: r.resourceId ?? null, lastSeenAt },
          },
        ]);
        return true;
      });
      if (won) told++;
    }
    return told;
  }

  /** Deletes pairing codes a day after they expired. */
  async sweepCodes(): Promise<number> {
    return TabletPairingCodeModel.query(this.deps.db)
      .where('expires_at', '<', this.deps.clock.now() - CODE_KEPT_MS)
      .delete();
  }
}
