/**
 * Devices: door pads, relays, environment and occupancy sensors, card readers,
 * locks. A device is mounted at one resource at most; a resource has at most 7.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginate, type Page } from '../../db/paging.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { joinResource, mountDevice, resourceExists } from '../resources/index.ts';
import type { DeviceInput, DeviceKind, DeviceList, DeviceView, SensorItem } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface DevicesDeps {
  db: Knex;
  clock: Clock;
  operationLog: Cradle['operationLog'];
  licenceService: Cradle['licenceService'];
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function toView(r: Record<string, unknown>): DeviceView {
  return {
    id: Number(r.id),
    name: String(r.name),
    deviceNo: String(r.device_no),
    kind: String(r.kind),
    showOnTerminal: Boolean(r.show_on_terminal),
    connected: Boolean(r.connected),
    lastSeenAt: r.last_seen_at === null || r.last_seen_at === undefined ? null : Number(r.last_seen_at),
    macAddress: str(r.mac_address),
    identifier: str(r.identifier),
    resourceId: r.resource_id ? Number(r.resource_id) : null,
    resourceName: str(r.resource_name),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export class DevicesService {
  constructor(private readonly deps: DevicesDeps) {}

  private base(db: Knex | Knex.Transaction) {
    return joinResource(db('devices as d').select('d.*'), 'd.resource_id', ['name as resource_name']);
  }

  async list(query: DeviceList): Promise<Page<DeviceView>> {
    const q = this.base(this.deps.db).orderBy('d.id');
    if (query.kind) q.where('d.kind', query.kind);
    if (query.resourceId) q.where('d.resource_id', query.resourceId);
    if (query.connected !== undefined) q.where('d.connected', query.connected);
    if (query.q) whereAnyContains(q, ['d.name', 'd.device_no', 'd.mac_address'], query.q);
    return paginate(q, query, toView);
  }

  async get(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<DeviceView> {
    const row = await this.base(trx).where('d.id', id).first();
    if (!row) throw new NotFoundError('device', id);
    return toView(row);
  }

  private async write(trx: Knex.Transaction, id: number | null, input: DeviceInput): Promise<number> {
    const taken = await trx('devices')
      .where({ device_no: input.deviceNo })
      .modify((q) => {
        if (id) q.whereNot({ id });
      })
      .first('id');
    if (taken) throw new ConflictError('device.duplicateNo', { deviceNo: input.deviceNo });
    if (input.resourceId && !(await resourceExists(trx, input.resourceId))) {
      throw new ValidationError([{ field: 'resourceId', message: `unknown resource ${input.resourceId}` }]);
    }
    const now = this.deps.clock.now();
    const row = {
      name: input.name,
      device_no: input.deviceNo,
      kind: input.kind,
      show_on_terminal: input.showOnTerminal,
      connected: input.connected,
      last_seen_at: input.lastSeenAt ?? null,
      mac_address: input.macAddress ?? null,
      identifier: input.identifier ?? null,
      resource_id: input.resourceId ?? null,
      updated_at: now,
    };
    try {
      if (id) await trx('devices').where({ id }).update(row);
      else id = Number((await trx('devices').insert({ ...row, created_at: now }))[0]);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError('device.duplicateNo', { deviceNo: input.deviceNo });
      throw err;
    }
    // The join table is what a resource lists; keep it in step with the device's own resource.
    await mountDevice(trx, id, input.resourceId ?? null);
    return id;
  }

  async create(actor: Actor, input: DeviceInput): Promise<DeviceView> {
    return this.deps.db.transaction(async (trx) => {
      await this.deps.licenceService.assertCanAdd(trx, 'device', 1);
      const id = await this.write(trx, null, input);
      const after = await this.get(id, trx);
      await this.deps.operationLog.record(trx, actor, { action: 'room.device.create', target: id, after });
      return after;
    });
  }

  async update(actor: Actor, id: number, input: DeviceInput): Promise<DeviceView> {
    return this.deps.db.transaction(async (trx) => {
      const before = await this.get(id, trx);
      await this.write(trx, id, input);
      const after = await this.get(id, trx);
      await this.deps.operationLog.record(trx, actor, { action: 'room.device.update', target: id, before, after });
      return after;
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.deps.db.transaction(async (trx) => {
      const before = await this.get(id, trx);
      await mountDevice(trx, id, null);
      await trx('devices').where({ id }).delete();
      await this.deps.operationLog.record(trx, actor, { action: 'room.device.delete', target: id, before });
    });
  }

  /**
   * The devices side of mounting devices at a resource (the resources module lists them): these devices are at
   * `resourceId` and no other device is.
   */
  async placeAt(trx: Knex.Transaction, resourceId: number, deviceIds: readonly number[]): Promise<void> {
    await trx('devices').where({ resource_id: resourceId }).update({ resource_id: null });
    if (deviceIds.length) await trx('devices').whereIn('id', deviceIds).update({ resource_id: resourceId });
  }

  /** How many devices there are, for the licence. */
  async count(trx: Knex | Knex.Transaction = this.deps.db): Promise<number> {
    return Number((await trx('devices').count({ n: '*' }).first())?.n ?? 0);
  }

  /** POST /roRoom/getRelayList, a historical path (docs/architecture.md A4.6). */
  async relays(): Promise<Array<{ id: number; identifier: string | null }>> {
    const rows = await this.deps.db('devices').where({ kind: 'relay' }).orderBy('id').select('id', 'identifier');
    return rows.map((r: Record<string, unknown>) => ({ id: Number(r.id), identifier: str(r.identifier) }));
  }

  /**
   * Environment sensors (kind `sensor` or `environment`) mounted at these resources, with the id the
   * environment provider knows them by: the vendor id in `identifier`, else the MAC address.
   */
  async environmentSensorsOf(
    resourceIds: number[],
  ): Promise<Array<{ id: number; resourceId: number; vendorId: string }>> {
    if (resourceIds.length === 0) return [];
    const rows = (await this.deps
      .db('devices')
      .whereIn('resource_id', resourceIds)
      .whereIn('kind', ['sensor', 'environment'])
      .orderBy('id')
      .select('id', 'resource_id', 'identifier', 'mac_address')) as Array<Record<string, unknown>>;
    return rows.flatMap((r) => {
      const vendorId = str(r.identifier)?.trim() || str(r.mac_address);
      return vendorId ? [{ id: Number(r.id), resourceId: Number(r.resource_id), vendorId }] : [];
    });
  }

  /** GET /inte/environment/deviceList and /inte/occupancy/deviceList (docs/architecture.md A4.6). */
  async sensors(kind: Extract<DeviceKind, 'environment' | 'occupancy'>): Promise<SensorItem[]> {
    const rows = await this.base(this.deps.db).where('d.kind', kind).orderBy('d.id');
    return rows.map((r: Record<string, unknown>) => ({
      id: Number(r.id),
      macAddress: str(r.mac_address),
      deviceName: String(r.name),
      roomName: str(r.resource_name),
      resourceId: r.resource_id ? Number(r.resource_id) : null,
    }));
  }
}
