/** Many desks on one floor at once, at the positions clicked on its plan, in one transaction. */
import type { Knex } from 'knex';
import { can, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError } from '../../errors.ts';
import { locationTimeZone } from '../locations/index.ts';
import { fullWeek } from './children.ts';
import type { BulkDesks } from './schema.ts';
import { DESK, type ResourcesService } from './service.ts';
import type { Cradle } from '../../cradle.ts';

export interface DesksDeps {
  db: Knex;
  clock: Clock;
  operationLog: Cradle['operationLog'];
  licenceService: Cradle['licenceService'];
  floorsService: Cradle['floorsService'];
  resourcesService: ResourcesService;
}

export class DesksService {
  constructor(private readonly deps: DesksDeps) {}

  /** Answers the new desks' ids, in the order given. */
  async createOnFloor(actor: Actor, floorId: number, input: BulkDesks): Promise<{ ids: number[] }> {
    const { db, clock } = this.deps;
    if (!can(actor, 'resources.addDesks')) throw new ForbiddenError('places.typeForbidden');
    return db.transaction(async (trx) => {
      const floor = await this.deps.floorsService.get(floorId, trx);
      await this.deps.resourcesService.assertTypeOffered(trx, DESK);
      await this.deps.licenceService.assertCanAdd(trx, 'desk', input.desks.length);
      const timeZone = (await locationTimeZone(trx, floor.locationId))!; // the floor's location: its foreign key
      const now = clock.now();
      const base = Number((await trx('resources').where({ floor_id: floorId }).max({ m: 'sort' }).first())?.m ?? 0);
      const ids: number[] = [];
      // One insert per desk: a multi-row insert does not tell every new id on MySQL.
      for (const [i, d] of input.desks.entries()) {
        const [id] = await trx('resources').insert({
          name: d.name,
          type: DESK,
          capacity: input.capacity,
          price_per_hour: input.pricePerHour,
          location_id: floor.locationId,
          floor_id: floorId,
          time_zone: timeZone,
          status: 1,
          pos_x: d.x,
          pos_y: d.y,
          sort: base + i + 1,
          created_at: now,
          updated_at: now,
        });
        ids.push(Number(id));
      }
      const week = fullWeek(undefined);
      const hours = ids.flatMap((resource_id) =>
        week.map((w) => ({
          resource_id,
          weekday: w.weekday,
          enabled: w.enabled,
          time_from: w.timeFrom,
          time_to: w.timeTo,
        })),
      );
      await insertChunked(trx, 'resource_open_hours', hours);
      await this.deps.operationLog.record(trx, actor, {
        action: 'room.desk.bulkCreate',
        target: floorId,
        after: {
          count: ids.length,
          firstId: ids[0],
          lastId: ids.at(-1),
          capacity: input.capacity,
          pricePerHour: input.pricePerHour,
        },
      });
      return { ids };
    });
  }
}

async function insertChunked(
  trx: Knex.Transaction,
  table: string,
  rows: Array<Record<string, unknown>>,
  size = 200,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await trx(table).insert(rows.slice(i, i + size));
}
