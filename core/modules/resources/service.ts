/**
 * Resources (meeting rooms, desks, others): every field of docs/product-rules.md R3, the types
 * the availableResource parameter offers, licence limits on creation, and the
 * refusal to disable or delete one that still holds bookings.
 */
import type { Knex } from 'knex';
import QRCode from 'qrcode';
import type { Config } from '../../../config/default.ts';
import { can, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import type { TableModel } from '../../db/model.ts';
import type { Db } from '../../db/transaction.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { BusinessRuleError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
// The bookings module imports this one, so its index would close a cycle: usage.ts imports only the lifecycle.
import { futureHoldingBookings, holdingBookingsOverlapping, resourceHasBookingHistory } from '../bookings/usage.ts';
import { locationTimeZone, type FloorsService } from '../locations/index.ts';
import { bookingsNewlyDisabled, missingRefs, toPeriods, writeChildren } from './children.ts';
import { resourceCapability, type ResourceAction } from './capabilities.ts';
import type { ResourceInput, ResourceList, ResourceView } from './schema.ts';
import {
  ResourceApproverModel,
  ResourceDeviceModel,
  ResourceDisabledPeriodModel,
  ResourceExemptUserModel,
  ResourceGroupModel,
  ResourceImageModel,
  ResourceModel,
  ResourceOpenHoursModel,
} from './model.ts';
import { loadViews } from './view.ts';
import type { Cradle } from '../../cradle.ts';
import { resourcesUsingIcon } from './reach.ts';

export interface ResourcesDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  operationLog: Cradle['operationLog'];
  paramsService: Cradle['paramsService'];
  licenceService: Cradle['licenceService'];
  floorsService: FloorsService;
  devicesService: Cradle['devicesService'];
  roomQrService: Cradle['roomQrService'];
}

export const DESK = 1;
const SORTS: Record<string, Array<{ column: string; order?: 'asc' | 'desc' }>> = {
  sort: [{ column: 'sort' }, { column: 'id' }],
  name: [{ column: 'name' }, { column: 'id' }],
  capacity: [{ column: 'capacity', order: 'desc' }, { column: 'id' }],
  id: [{ column: 'id' }],
};

/** The tables of a resource's parts, emptied before the resource itself is deleted. */
const CHILDREN: ReadonlyArray<typeof TableModel> = [
  ResourceOpenHoursModel,
  ResourceDisabledPeriodModel,
  ResourceApproverModel,
  ResourceExemptUserModel,
  ResourceGroupModel,
  ResourceDeviceModel,
  ResourceImageModel,
];

/** A floor or a location, for the locations module's questions about what stands on it. */
export type PlaceOf = { floorId: number } | { locationId: number };

export class ResourcesService {
  constructor(private readonly deps: ResourcesDeps) {}

  /** How many resources show this icon (the uploads module keeps an icon in use). */
  usingIcon(iconId: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<number> {
    return resourcesUsingIcon(trx, iconId);
  }

  private assertMay(actor: Actor, type: number, action: ResourceAction): void {
    if (!can(actor, resourceCapability(type, action))) throw new ForbiddenError('places.typeForbidden');
  }

  /** The resource types the availableResource parameter offers. */
  async availableTypes(trx: Knex | Knex.Transaction = this.deps.db): Promise<number[]> {
    const raw = await this.deps.paramsService.get<string>('availableResource', trx);
    return String(raw)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
  }

  async assertTypeOffered(trx: Knex | Knex.Transaction, type: number): Promise<void> {
    if (!(await this.availableTypes(trx)).includes(type))
      throw new ValidationError(
        [{ field: 'type', message: `type ${type} is not offered` }],
        'places.typeNotAvailable',
        { type },
      );
  }

  async list(actor: Actor, query: ResourceList): Promise<Page<ResourceView>> {
    const { db } = this.deps;
    const order = SORTS[await this.deps.paramsService.get<string>('resourceSort')] ?? SORTS.sort!;
    const q = ResourceModel.query(db).select('id').orderBy(order);
    // One sees the types one may view: desks with the desk screen, the rest with the room screen.
    if (!can(actor, 'resources.viewRooms')) q.where('type', DESK);
    if (!can(actor, 'resources.viewDesks')) q.whereNot('type', DESK);
    if (query.type !== undefined) q.where('type', query.type);
    if (query.locationId) q.where('location_id', query.locationId);
    if (query.floorId) q.where('floor_id', query.floorId);
    if (query.minCapacity !== undefined) q.where('capacity', '>=', query.minCapacity);
    if (query.status !== undefined) q.where('status', query.status);
    if (query.q) whereAnyContains(q, ['name', 'description'], query.q);
    // Deferred join: page through ids alone (the (type, sort) index covers them), then read those rows,
    // so a deep page does not fetch every skipped row.
    const page = await paginateModels(q, query, (r) => r.id);
    const byId = new Map((await ResourceModel.query(db).whereIn('id', page.items)).map((r) => [r.id, r]));
    return {
      ...page,
      items: await loadViews(
        db,
        page.items.map((id) => byId.get(id)).filter((r) => r !== undefined),
      ),
    };
  }

  async get(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<ResourceView> {
    const resource = await ResourceModel.query(trx).findById(id);
    if (!resource) throw new NotFoundError('resource', id);
    return (await loadViews(trx, [resource]))[0]!;
  }

  /** The ids of the resources on the floor or at the location, as a subquery for the caller's query. */
  idsOn(db: Db, place: PlaceOf): Knex.QueryBuilder {
    return db('resources').where(placeColumn(place)).select('id');
  }

  /** How many resources are on the floor or at the location. */
  countOn(db: Db, place: PlaceOf): Promise<number> {
    return ResourceModel.query(db).where(placeColumn(place)).resultSize();
  }

  async view(actor: Actor, id: number): Promise<ResourceView> {
    const r = await this.get(id);
    this.assertMay(actor, r.type, 'view');
    return r;
  }

  /** Checks the input against the database and answers the row to write, the zone and the periods. */
  private async prepare(trx: Knex.Transaction, input: ResourceInput, previousType?: number) {
    // A type withdrawn from availableResource stops new ones, not the upkeep of existing ones.
    if (input.type !== previousType) await this.assertTypeOffered(trx, input.type);
    const locationZone = await locationTimeZone(trx, input.locationId);
    if (locationZone === undefined)
      throw new ValidationError([{ field: 'locationId', message: `unknown location ${input.locationId}` }]);
    if (input.floorId) await this.deps.floorsService.assertOnLocation(trx, input.floorId, input.locationId);
    const zone = input.timeZone ?? locationZone;
    const { periods, errors } = toPeriods(input.disabledPeriods, zone);
    errors.push(...(await missingRefs(trx, input)));
    if (errors.length) throw new ValidationError(errors);
    const row = {
      name: input.name,
      type: input.type,
      capacity: input.capacity,
      area: input.area ?? null,
      description: input.description ?? null,
      cable_count: input.cableCount,
      port_count: input.portCount,
      outlet_count: input.outletCount,
      teleconference_no: input.teleconferenceNo ?? null,
      location_id: input.locationId,
      floor_id: input.floorId ?? null,
      price_per_hour: input.pricePerHour,
      time_zone: zone,
      all_day: input.allDay,
      status: input.status,
      start_date: input.startDate ?? null,
      end_date: input.endDate ?? null,
      whole_day: input.wholeDay,
      sensor_id: input.sensorId ?? null,
      card_reader_id: input.cardReaderId ?? null,
      lock_id: input.lockId ?? null,
      icon_id: input.iconId ?? null,
      pos_x: input.position?.x ?? null,
      pos_y: input.position?.y ?? null,
      sort: input.sort,
      updated_at: this.deps.clock.now(),
    };
    return { row, periods };
  }

  /** Creates, changes and removes are logged with their before and after (OperationLog.audited). */
  private get audit() {
    return this.deps.operationLog.audited('room.resource', (id, trx) => this.get(id, trx));
  }

  async create(actor: Actor, input: ResourceInput): Promise<ResourceView> {
    this.assertMay(actor, input.type, 'add');
    return this.audit.create(actor, async (trx) => {
      const { row, periods } = await this.prepare(trx, input);
      await this.deps.licenceService.assertCanAdd(trx, input.type === DESK ? 'desk' : 'room', 1);
      const now = this.deps.clock.now();
      const [id] = await trx('resources').insert({ ...row, created_at: now });
      await writeChildren(trx, Number(id), input, periods, actor.userId, now, true);
      if (input.deviceIds.length) await this.deps.devicesService.placeAt(trx, Number(id), input.deviceIds);
      return Number(id);
    });
  }

  async update(actor: Actor, id: number, input: ResourceInput): Promise<ResourceView> {
    this.assertMay(actor, input.type, 'update');
    return this.audit.update(actor, id, async (trx, before) => {
      this.assertMay(actor, before.type, 'update');
      const { row, periods } = await this.prepare(trx, input, before.type);
      const now = this.deps.clock.now();
      // A new disabled period over held time, or a status and dates that disable a day a booking still holds,
      // would strand bookings: refused (docs/product-rules.md R3.11).
      const known = new Set(before.disabledPeriods.map((p) => `${p.startAt}-${p.endAt}`));
      const added = periods.filter((p) => !known.has(`${p.startAt}-${p.endAt}`) && p.endAt > now);
      const next = { status: input.status, startDate: input.startDate ?? null, endDate: input.endDate ?? null };
      const clashes =
        (await holdingBookingsOverlapping(trx, id, added)) + (await bookingsNewlyDisabled(trx, id, before, next, now));
      if (clashes > 0) throw new BusinessRuleError('places.boundBookings', { count: clashes });
      const kind = (t: number) => (t === DESK ? 'desk' : 'room');
      if (kind(before.type) !== kind(input.type)) await this.deps.licenceService.assertCanAdd(trx, kind(input.type), 1);
      await trx('resources').where({ id }).update(row);
      await writeChildren(trx, id, input, periods, actor.userId, now, false);
      await this.deps.devicesService.placeAt(trx, id, input.deviceIds);
    });
  }

  /** Refused while bookings still hold time on it; past bookings keep it for the reports. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx, before) => {
      this.assertMay(actor, before.type, 'delete');
      const bound = await futureHoldingBookings(trx, id, this.deps.clock.now());
      if (bound > 0) throw new BusinessRuleError('places.boundBookings', { entity: 'resource', count: bound });
      if (await resourceHasBookingHistory(trx, id)) throw new BusinessRuleError('places.hasHistory');
      for (const child of CHILDREN) await child.query(trx).where({ resource_id: id }).delete();
      await this.deps.devicesService.placeAt(trx, id, []);
      try {
        await trx('resources').where({ id }).delete();
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new BusinessRuleError('places.hasHistory');
        throw err;
      }
    });
  }

  /** PNG QR code of the resource's phone address with its secret (docs/product-rules.md R19.9), for its door. */
  async qrCode(actor: Actor, id: number, size: number): Promise<Buffer> {
    const r = await this.view(actor, id);
    return QRCode.toBuffer(await this.deps.roomQrService.url(r.id), {
      type: 'png',
      width: size,
      margin: 1,
      errorCorrectionLevel: 'M',
    });
  }
}

function placeColumn(place: PlaceOf): { floor_id: number } | { location_id: number } {
  return 'floorId' in place ? { floor_id: place.floorId } : { location_id: place.locationId };
}
