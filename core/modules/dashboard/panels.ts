/** Dashboard panels: what a wall screen shows (a location or floor, a logo, slideshow times). */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { NotFoundError } from '../../errors.ts';
import type { Panel } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface PanelView extends Panel {
  id: number;
  createdAt: number;
  updatedAt: number;
}

const toView = (r: Record<string, unknown>): PanelView => ({
  id: Number(r.id),
  name: String(r.name),
  locationId: (r.location_id as number | null) ?? null,
  floorId: (r.floor_id as number | null) ?? null,
  logoUploadId: (r.logo_upload_id as string | null) ?? null,
  environmentSlideSeconds: Number(r.environment_slide_seconds),
  bookingSlideSeconds: Number(r.booking_slide_seconds),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const toRow = (p: Panel) => ({
  name: p.name,
  location_id: p.locationId ?? null,
  floor_id: p.floorId ?? null,
  logo_upload_id: p.logoUploadId ?? null,
  environment_slide_seconds: p.environmentSlideSeconds,
  booking_slide_seconds: p.bookingSlideSeconds,
});

export class PanelsService {
  constructor(private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog'] }) {}

  async list(): Promise<PanelView[]> {
    return ((await this.deps.db('dashboard_panels').orderBy('id')) as Array<Record<string, unknown>>).map(toView);
  }

  async get(id: number): Promise<PanelView> {
    const row = await this.deps.db('dashboard_panels').where({ id }).first();
    if (!row) throw new NotFoundError('dashboard panel', id);
    return toView(row);
  }

  async create(actor: Actor, p: Panel): Promise<PanelView> {
    const now = this.deps.clock.now();
    const id = await this.deps.db.transaction(async (trx) => {
      const [newId] = await trx('dashboard_panels').insert({ ...toRow(p), created_at: now, updated_at: now });
      await this.deps.operationLog.record(trx, actor, {
        action: 'room.dashboard.panel.create',
        target: Number(newId),
        after: p,
      });
      return Number(newId);
    });
    return this.get(id);
  }

  async update(actor: Actor, id: number, p: Panel): Promise<PanelView> {
    const before = await this.get(id);
    await this.deps.db.transaction(async (trx) => {
      await trx('dashboard_panels')
        .where({ id })
        .update({ ...toRow(p), updated_at: this.deps.clock.now() });
      await this.deps.operationLog.record(trx, actor, {
        action: 'room.dashboard.panel.update',
        target: id,
        before,
        after: p,
      });
    });
    return this.get(id);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const before = await this.get(id);
    await this.deps.db.transaction(async (trx) => {
      await trx('dashboard_panels').where({ id }).del();
      await this.deps.operationLog.record(trx, actor, { action: 'room.dashboard.panel.delete', target: id, before });
    });
  }
}
