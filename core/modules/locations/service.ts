/** Locations (sites, buildings), each with its IANA time zone. */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page, type PageQuery } from '../../db/paging.ts';
import { NotFoundError } from '../../errors.ts';
import { assertUnbound } from './guards.ts';
import { LocationModel } from './model.ts';
import type { LocationInput, LocationView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface LocationsDeps {
  db: Knex;
  clock: Clock;
  operationLog: Cradle['operationLog'];
  resourcesService: Cradle['resourcesService'];
}

const FLOOR_COUNT = '(select count(*) from floors f where f.location_id = locations.id) as floor_count';

function toView(m: LocationModel): LocationView {
  return {
    id: m.id,
    name: m.name,
    timeZone: m.timeZone,
    address: m.address,
    sort: m.sort,
    floorCount: m.floorCount ?? 0,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

export class LocationsService {
  constructor(private readonly deps: LocationsDeps) {}

  async list(query: PageQuery): Promise<Page<LocationView>> {
    const { db } = this.deps;
    const q = LocationModel.query(db)
      .select('locations.*', db.raw(FLOOR_COUNT))
      .orderBy([{ column: 'sort' }, { column: 'id' }]);
    if (query.q) whereAnyContains(q, ['name', 'address'], query.q);
    return paginateModels(q, query, toView);
  }

  async get(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<LocationView> {
    const location = await LocationModel.query(trx).select('locations.*', trx.raw(FLOOR_COUNT)).findById(id);
    if (!location) throw new NotFoundError('location', id);
    return toView(location);
  }

  /** Creates, changes and removes are logged with their before and after (OperationLog.audited). */
  private get audit() {
    return this.deps.operationLog.audited('room.location', (id, trx) => this.get(id, trx));
  }

  async create(actor: Actor, input: LocationInput): Promise<LocationView> {
    const now = this.deps.clock.now();
    return this.audit.create(actor, async (trx) => {
      const [id] = await trx('locations').insert({
        name: input.name,
        time_zone: input.timeZone,
        address: input.address ?? null,
        sort: input.sort,
        created_at: now,
        updated_at: now,
      });
      return Number(id);
    });
  }

  async update(actor: Actor, id: number, input: LocationInput): Promise<LocationView> {
    return this.audit.update(actor, id, async (trx) => {
      await trx('locations')
        .where({ id })
        .update({
          name: input.name,
          time_zone: input.timeZone,
          address: input.address ?? null,
          sort: input.sort,
          updated_at: this.deps.clock.now(),
        });
    });
  }

  /** Refused while the location has future bookings, resources or floors. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx) => {
      await assertUnbound(trx, this.deps.resourcesService, { locationId: id }, this.deps.clock.now(), 'location');
      await trx('locations').where({ id }).delete();
    });
  }
}
