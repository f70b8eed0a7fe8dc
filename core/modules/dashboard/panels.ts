/** Dashboard panels: what a wall screen shows (a location or floor, a logo, slideshow times). */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/transaction.ts';
import { NotFoundError } from '../../errors.ts';
import { DashboardPanelModel } from './model.ts';
import type { Panel } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface PanelView extends Panel {
  id: number;
  createdAt: number;
  updatedAt: number;
}

const toView = (m: DashboardPanelModel): PanelView => ({
  id: m.id,
  name: m.name,
  locationId: m.locationId,
  floorId: m.floorId,
  logoUploadId: m.logoUploadId,
  environmentSlideSeconds: m.environmentSlideSeconds,
  bookingSlideSeconds: m.bookingSlideSeconds,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

const toRow = (p: Panel) => ({
  name: p.name,
  location_id: p.locationId ?? null,
  floor_id: p.floorId ?? null,
  logo_upload_id: p.logoUploadId ?? null,
  environment_slide_seconds: p.environmentSlideSeconds,
  booking_slide_seconds: p.bookingSlideSeconds,
});

/**
 * The names of the panels among `ids`, read in the caller's transaction (the tablets module names a wall screen's
 * panel, docs/product-rules.md R19.12); a removed panel is absent.
 */
export async function panelNamesOf(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await DashboardPanelModel.query(db)
    .whereIn('id', [...new Set(ids)])
    .select('id', 'name');
  return new Map(rows.map((p) => [p.id, p.name]));
}

export class PanelsService {
  constructor(private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog'] }) {}

  /** Every panel; a wall screen paired to one panel (docs/product-rules.md R19.12) sees that one only. */
  async list(actor?: Actor): Promise<PanelView[]> {
    const q = DashboardPanelModel.query(this.deps.db).orderBy('id');
    const wall = actor?.device?.purpose === 'wall' ? actor.device : null;
    if (wall?.panelId) q.where('id', wall.panelId);
    return (await q).map(toView);
  }

  /**
   * The place a dashboard read covers: as asked, except that a wall screen paired to one panel (docs/product-rules.md
   * R19.12) reads that panel's location or floor whatever it asks.
   */
  async placeFor<Q extends { locationId?: number; floorId?: number }>(actor: Actor, q: Q): Promise<Q> {
    const wall = actor.device?.purpose === 'wall' ? actor.device : null;
    if (!wall?.panelId) return q;
    const panel = await DashboardPanelModel.query(this.deps.db).findById(wall.panelId);
    if (!panel) return q;
    return { ...q, locationId: panel.locationId ?? undefined, floorId: panel.floorId ?? undefined };
  }

  async get(id: number): Promise<PanelView> {
    const row = await DashboardPanelModel.query(this.deps.db).findById(id);
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
