/**
 * Devices: door pads, relays, environment and occupancy sensors, card readers,
 * locks. A device is mounted at one resource at most; a resource has at most 7.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { joinResource, mountDevice, resourceExists } from '../resources/index.ts';
import { DeviceModel } from './model.ts';
import type { DeviceInput, DeviceKind, DeviceList, DeviceView, SensorItem } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface DevicesDeps {
  db: Knex;
  clock: Clock;
  operationLog: Cradle['operationLog'];
  licenceService: Cradle['licenceService'];
}

function toView(d: DeviceModel): DeviceView {
  return {
    id: d.id,
    name: d.name,
    deviceNo: d.deviceNo,
    kind: d.kind,
    showOnTerminal: d.showOnTerminal,
    connected: d.connected,
    lastSeenAt: d.lastSeenAt,
    macAddress: d.macAddress,
    identifier: d.identifier,
    resourceId: d.resourceId || null,
    resourceName: d.resourceName ?? null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export class DevicesService {
  constructor(private readonly deps: DevicesDeps) {}

  /** Devices with the name of their resource (the resources module's join adds it to the model query). */
  private base(db: Knex | Knex.Transaction) {
    const q = DeviceModel.query(db).alias('d').select('d.*');
    joinResource(q as unknown as Knex.QueryBuilder, 'd.resource_id', ['name as resource_name']);
    return q;
  }

  async list(query: DeviceList): Promise<Page<DeviceView>> {
    const q = this.base(this.deps.db).orderBy('d.id');
    if (query.kind) q.where('d.kind', query.kind);
    if (query.resourceId) q.where('d.resource_id', query.resourceId);
    if (query.connected !== undefined) q.where('d.connected', query.connected);
    if (query.q) whereAnyContains(q, ['d.name', 'd.device_no', 'd.mac_address'], query.q);
    return paginateModels(q, query, toView);
  }

  async get(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<DeviceView> {
    const device = await this.base(trx).where('d.id', id).first();
    if (!device) throw new NotFoundError('device', id);
    return toView(device);
  }

  private async write(trx: Knex.Transaction, id: number | null, input: DeviceInput): Promise<number> {
    const taken = await DeviceModel.query(trx)
      .where({ device_no: input.deviceNo })
      .modify((q) => {
        if (id) q.whereNot({ id });
      })
      .select('id')
      .first();
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
    return DeviceModel.query(trx).resultSize();
  }

  /** POST /roRoom/getRelayList, a historical path (docs/architecture.md A4.6). */
  async relays(): Promise<Array<{ id: number; identifier: string | null }>> {
    const relays = await DeviceModel.query(this.deps.db)
      .where({ kind: 'relay' })
      .orderBy('id')
      .select('id', 'identifier');
    return relays.map((d) => ({ id: d.id, identifier: d.identifier }));
  }

  /**
   * Environment sensors (kind `sensor` or `environment`) mounted at these resources, with the id the
   * environment provider knows them by: the vendor id in `identifier`, else the MAC address.
   */
  async environmentSensorsOf(
    resourceIds: number[],
  ): Promise<Array<{ id: number; resourceId: number; vendorId: string }>> {
    if (resourceIds.length === 0) return [];
    const sensors = await DeviceModel.query(this.deps.db)
      .whereIn('resource_id', resourceIds)
      .whereIn('kind', ['sensor', 'environment'])
      .orderBy('id')
      .select('id', 'resource_id', 'identifier', 'mac_address');
    return sensors.flatMap((d) => {
      const vendorId = d.identifier?.trim() || d.macAddress;
      return vendorId ? [{ id: d.id, resourceId: d.resourceId!, vendorId }] : [];
    });
  }

  /**
   * The room a vendor's device is mounted at (an occupancy sensor, a card reader, a face terminal), found by the
   * id the provider reports: the device's `identifier`, else its MAC address. Null when no such device is mounted.
   */
  async roomOfVendorDevice(kinds: readonly DeviceKind[], vendorId: string): Promise<number | null> {
    const found = await DeviceModel.query(this.deps.db)
      .whereIn('kind', [...kinds])
      .whereNotNull('resource_id')
      .where((w) => w.where('identifier', vendorId).orWhere('mac_address', vendorId))
      .orderBy('id')
      .first();
    return found?.resourceId ?? null;
  }

  /**
   * The vendor ids (`identifier`, else the MAC address) of the devices of these kinds mounted at a resource: the
   * locks and card readers a door grant is for, the relays a meeting switches.
   */
  async vendorIdsAt(resourceId: number, kinds: readonly DeviceKind[]): Promise<string[]> {
    const devices = await DeviceModel.query(this.deps.db)
      .where('resource_id', resourceId)
      .whereIn('kind', [...kinds])
      .orderBy('id')
      .select('identifier', 'mac_address');
    return [...new Set(devices.flatMap((d) => d.identifier?.trim() || d.macAddress || []))];
  }

  /**
   * Every device of these kinds mounted at a resource, with its vendor id (`identifier`, else the MAC address):
   * the e-ink labels the scheduler redraws at the start of their rooms' day (docs/product-rules.md R20.4).
   */
  async mountedVendorIds(kinds: readonly DeviceKind[]): Promise<Array<{ resourceId: number; vendorId: string }>> {
    const devices = await DeviceModel.query(this.deps.db)
      .whereIn('kind', [...kinds])
      .whereNotNull('resource_id')
      .orderBy('id')
      .select('resource_id', 'identifier', 'mac_address');
    const seen = new Set<string>();
    return devices.flatMap((d) => {
      const vendorId = d.identifier?.trim() || d.macAddress;
      const key = JSON.stringify([d.resourceId, vendorId]);
      if (!vendorId || !d.resourceId || seen.has(key)) return [];
      seen.add(key);
      return [{ resourceId: d.resourceId, vendorId }];
    });
  }

  /** GET /inte/environment/deviceList and /inte/occupancy/deviceList (docs/architecture.md A4.6). */
  async sensors(kind: Extract<DeviceKind, 'environment' | 'occupancy'>): Promise<SensorItem[]> {
    const devices = await this.base(this.deps.db).where('d.kind', kind).orderBy('d.id');
    return devices.map((d) => ({
      id: d.id,
      macAddress: d.macAddress,
      deviceName: d.name,
      roomName: d.resourceName ?? null,
      resourceId: d.resourceId || null,
    }));
  }
}
