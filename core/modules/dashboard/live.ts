/**
 * The wall screen's "now" for a place: each enabled resource with its current
 * and next booking today (from the bookings module) and the latest readings of
 * the environment sensors mounted at it.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { paginate } from '../../db/paging.ts';
import type { PanelsService } from './panels.ts';
import type { EnvironmentReadingsService } from './readings.ts';
import type { LiveAnswer, LiveQuery } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export class LiveService {
  constructor(
    private readonly deps: {
      db: Knex;
      clock: Clock;
      liveBookingsService: Cradle['liveBookingsService'];
      devicesService: Cradle['devicesService'];
      environmentReadingsService: EnvironmentReadingsService;
      panelsService: PanelsService;
    },
  ) {}

  /**
   * The resources a wall screen shows (docs/product-rules.md R19.12), which its live stream follows: the enabled
   * resources of its panel's place, of every panel's when it has none, of every place when there is no panel.
   */
  async wallResourceIds(actor: Actor): Promise<number[]> {
    const places = await this.deps.panelsService.list(actor);
    const query = this.deps.db('resources').where('status', 1);
    if (places.length > 0 && places.every((p) => p.locationId || p.floorId))
      query.where((any) => {
        for (const p of places)
          any.orWhere((one) => {
            if (p.locationId) one.where('location_id', p.locationId);
            if (p.floorId) one.where('floor_id', p.floorId);
          });
      });
    return ((await query.pluck('id')) as Array<number | string>).map(Number);
  }

  async live(actor: Actor, q: LiveQuery): Promise<LiveAnswer> {
    const { db } = this.deps;
    const query = db('resources as r')
      .leftJoin('floors as f', 'f.id', 'r.floor_id')
      .where('r.status', 1)
      .orderBy([{ column: 'r.sort' }, { column: 'r.id' }])
      .select('r.id', 'r.name', 'r.type', 'r.floor_id', 'f.display_name as floor_name', 'r.time_zone');
    if (q.locationId) query.where('r.location_id', q.locationId);
    if (q.floorId) query.where('r.floor_id', q.floorId);
    const page = await paginate(query, q, (r) => ({
      id: Number(r.id),
      name: String(r.name),
      type: Number(r.type),
      floorId: r.floor_id === null || r.floor_id === undefined ? null : Number(r.floor_id),
      floorName: (r.floor_name as string | null) ?? null,
      timeZone: String(r.time_zone),
    }));
    const ids = page.items.map((r) => r.id);
    const [slots, sensors] = await Promise.all([
      this.deps.liveBookingsService.currentAndNext(actor, page.items),
      this.deps.devicesService.environmentSensorsOf(ids),
    ]);
    const readings = await this.deps.environmentReadingsService.latest(sensors.map((s) => s.vendorId));
    return {
      ...page,
      now: this.deps.clock.now(),
      items: page.items.map((r) => ({
        ...r,
        current: slots.get(r.id)?.current ?? null,
        next: slots.get(r.id)?.next ?? null,
        readings: sensors
          .filter((s) => s.resourceId === r.id)
          .flatMap((s) => {
            const reading = readings.get(s.vendorId);
            return reading ? [reading] : [];
          }),
      })),
    };
  }
}
