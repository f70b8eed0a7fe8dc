/**
 * Licences: the vendor-signed licence file (format.ts), its state, and the
 * limits it sets on rooms, desks and devices.
 * - State is worked out from the stored text at every read (verification is
 *   a fraction of a millisecond), so a row edited in the database, an expiry
 *   passing or a changed vendor key shows at once, in every process.
 * - Without any licence the installation runs in evaluation mode: no limits.
 *   Once registered, its limits apply; an expired or damaged licence refuses
 *   every new room, desk and device until a valid one is registered.
 */
import fs from 'node:fs';
import type { KeyObject } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from '../../../config/default.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/connection.ts';
import { BadRequestError, BusinessRuleError } from '../../errors.ts';
import type { UploadedFile } from '../../http/route.ts';
import { LicenceModel } from './model.ts';
import { LicenceFormatError, loadPublicKey, readLicence, type LicencePayload } from './format.ts';
import type { LicenceState, LicenceStatus } from './schema.ts';
import type { Cradle } from '../../cradle.ts';
import { resourceCounts } from '../resources/index.ts';

export type LimitedKind = 'room' | 'desk' | 'device';

const MAX_BYTES = 65_536;

export interface LicenceDeps {
  db: Knex;
  dialect: Dialect;
  clock: Clock;
  config: Config;
  logger: Logger;
  operationLog: Cradle['operationLog'];
  sessionService: Cradle['sessionService'];
  devicesService: Cradle['devicesService'];
}

export class LicenceService {
  private key?: KeyObject | null;

  constructor(private readonly deps: LicenceDeps) {}

  /** The vendor key from config, else the built-in one; null (every licence a data error) when unreadable. */
  private publicKey(): KeyObject | null {
    if (this.key !== undefined) return this.key;
    const configured = this.deps.config.licencePublicKey.trim();
    try {
      this.key = configured
        ? loadPublicKey(configured, (p) => fs.readFileSync(p, 'utf8'))
        : loadPublicKey(fs.readFileSync(new URL('./vendor-public.pem', import.meta.url), 'utf8'), (p) => p);
    } catch (err) {
      this.deps.logger.error({ err }, 'the licence public key cannot be read; every licence counts as a data error');
      this.key = null;
    }
    return this.key;
  }

  /** Verifies a licence text; throws LicenceFormatError. */
  verify(text: string): LicencePayload {
    const key = this.publicKey();
    if (!key) throw new LicenceFormatError('no vendor public key');
    return readLicence(text, key);
  }

  private async current(
    trx: Knex | Knex.Transaction,
    lock = false,
  ): Promise<{ state: LicenceState; payload: LicencePayload | null; installedAt: number | null }> {
    const q = LicenceModel.query(trx).orderBy('id', 'desc').select('content', 'created_at').first();
    // Serialises creations against the limit on MySQL (SQLite serialises writers anyway).
    if (lock && this.deps.dialect === 'mysql') q.forUpdate();
    const row = await q;
    if (!row) return { state: 'unregistered', payload: null, installedAt: null };
    let payload: LicencePayload;
    try {
      payload = this.verify(row.content);
    } catch (err) {
      if (!(err instanceof LicenceFormatError)) throw err;
      return { state: 'dataError', payload: null, installedAt: row.createdAt };
    }
    const expired = payload.expiresAt !== null && payload.expiresAt <= this.deps.clock.now();
    return { state: expired ? 'expired' : 'registered', payload, installedAt: row.createdAt };
  }

  async usage(trx: Knex | Knex.Transaction = this.deps.db): Promise<Record<'rooms' | 'desks' | 'devices', number>> {
    const [{ rooms, desks }, devices] = await Promise.all([resourceCounts(trx), this.deps.devicesService.count(trx)]);
    return { rooms, desks, devices };
  }

  async status(): Promise<LicenceStatus> {
    const { state, payload, installedAt } = await this.current(this.deps.db);
    const limits =
      payload && state !== 'dataError'
        ? { rooms: payload.roomLimit, desks: payload.deskLimit, devices: payload.deviceLimit }
        : null;
    return { state, licence: payload, installedAt, limits, usage: await this.usage() };
  }

  /** Registers a licence text: verified, stored in place of the previous one, and every session ends. */
  async register(actor: Actor, text: string): Promise<LicenceStatus> {
    let payload: LicencePayload;
    try {
      payload = this.verify(text);
    } catch (err) {
      if (!(err instanceof LicenceFormatError)) throw err;
      this.deps.logger.warn({ reason: err.message }, 'licence refused');
      throw new BadRequestError('licence.dataError');
    }
    if (payload.expiresAt !== null && payload.expiresAt <= this.deps.clock.now()) {
      throw new BusinessRuleError('licence.alreadyExpired', {
        date: new Date(payload.expiresAt).toISOString().slice(0, 10),
      });
    }
    await this.deps.db.transaction(async (trx) => {
      const before = await this.current(trx);
      await trx('licences').del();
      await trx('licences').insert({
        content: text,
        status: 'registered',
        version: payload.version,
        product_sn: payload.productSn,
        device_count: payload.deviceCount,
        room_limit: payload.roomLimit,
        desk_limit: payload.deskLimit,
        device_limit: payload.deviceLimit,
        auth_code: payload.authCode,
        registered_at: payload.registeredAt,
        expires_at: payload.expiresAt,
        created_by: actor.userId || null,
        created_at: this.deps.clock.now(),
      });
      // docs/product-rules.md R16.3: users must sign in again after a licence registration.
      await this.deps.sessionService.revokeAll(trx);
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.licence.register',
        target: payload.productSn,
        before: { state: before.state, productSn: before.payload?.productSn },
        after: payload,
      });
    });
    return this.status();
  }

  /** An uploaded licence: a .txt file holding text (UTF-8, no NUL bytes), at most 64 KiB. */
  async registerUpload(actor: Actor, files: UploadedFile[], content?: string): Promise<LicenceStatus> {
    if (content !== undefined && files.length === 0)
      return this.register(actor, checkText(Buffer.from(content, 'utf8')));
    const file = files[0];
    if (!file) throw new BadRequestError('common.uploadRequired');
    if (!/\.txt$/i.test(file.originalName)) throw new BadRequestError('licence.notTxt');
    if (file.size > MAX_BYTES) throw new BadRequestError('licence.notText');
    return this.register(actor, checkText(await fs.promises.readFile(file.path)));
  }

  async remove(actor: Actor): Promise<LicenceStatus> {
    await this.deps.db.transaction(async (trx) => {
      const before = await this.current(trx);
      await trx('licences').del();
      await this.deps.operationLog.record(trx, actor, {
        action: 'sys.licence.delete',
        target: before.payload?.productSn,
        before: { state: before.state, productSn: before.payload?.productSn },
      });
    });
    return this.status();
  }

  /**
   * Refuses (BusinessRuleError 'licence.limitReached.<kind>', details { kind, limit, used }) when adding `count` more of `kind`
   * would exceed the registered licence's limit. Call inside the creating transaction,
   * before inserting the new rows.
   */
  async assertCanAdd(trx: Knex | Knex.Transaction, kind: LimitedKind, count = 1): Promise<void> {
    const { state, payload } = await this.current(trx, true);
    if (state === 'unregistered' || count <= 0) return;
    if (state === 'dataError' || !payload) throw new BusinessRuleError('licence.invalid');
    if (state === 'expired') throw new BusinessRuleError('licence.expired');
    const limit = { room: payload.roomLimit, desk: payload.deskLimit, device: payload.deviceLimit }[kind];
    if (limit === 0) return;
    const used = (await this.usage(trx))[`${kind}s` as 'rooms' | 'desks' | 'devices'];
    if (used + count > limit)
      throw new BusinessRuleError(`licence.limitReached.${kind}`, { limit, used, count }, { kind, limit, used });
  }
}

function checkText(bytes: Buffer): string {
  if (bytes.length === 0 || bytes.length > MAX_BYTES || bytes.includes(0)) throw new BadRequestError('licence.notText');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BadRequestError('licence.notText');
  }
}
