/** Floors of a location: display name and order, floor plan and the pad and grid icons. */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { AppError, BusinessRuleError, NotFoundError, ValidationError } from '../../errors.ts';
import type { StoredFile } from '../uploads/index.ts';
import { assertUnbound } from './guards.ts';
import { FloorModel, LocationModel } from './model.ts';
import type { FloorInput, FloorList, FloorView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';

export interface FloorsDeps {
  db: Knex;
  clock: Clock;
  operationLog: Cradle['operationLog'];
  uploadsService: Cradle['uploadsService'];
  resourcesService: Cradle['resourcesService'];
}

function toView(m: FloorModel): FloorView {
  return {
    id: m.id,
    locationId: m.locationId,
    name: m.name,
    displayName: m.displayName,
    sort: m.sort,
    planUploadId: m.planUploadId,
    padIconUploadId: m.padIconUploadId,
    gridIconUploadId: m.gridIconUploadId,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

export class FloorsService {
  constructor(private readonly deps: FloorsDeps) {}

  async list(query: FloorList): Promise<Page<FloorView>> {
    const q = FloorModel.query(this.deps.db).orderBy([{ column: 'location_id' }, { column: 'sort' }, { column: 'id' }]);
    if (query.locationId) q.where({ location_id: query.locationId });
    if (query.q) whereAnyContains(q, ['name', 'display_name'], query.q);
    return paginateModels(q, query, toView);
  }

  async get(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<FloorView> {
    const floor = await FloorModel.query(trx).findById(id);
    if (!floor) throw new NotFoundError('floor', id);
    return toView(floor);
  }

  private async row(trx: Knex.Transaction, input: FloorInput): Promise<Record<string, unknown>> {
    const errors = await this.deps.uploadsService.missing(trx, {
      planUploadId: input.planUploadId,
      padIconUploadId: input.padIconUploadId,
      gridIconUploadId: input.gridIconUploadId,
    });
    if (!(await LocationModel.query(trx).findById(input.locationId).select('id')))
      errors.push({ field: 'locationId', message: `unknown location ${input.locationId}` });
    if (errors.length) throw new ValidationError(errors);
    return {
      location_id: input.locationId,
      name: input.name,
      display_name: input.displayName ?? input.name,
      sort: input.sort,
      plan_upload_id: input.planUploadId ?? null,
      pad_icon_upload_id: input.padIconUploadId ?? null,
      grid_icon_upload_id: input.gridIconUploadId ?? null,
      updated_at: this.deps.clock.now(),
    };
  }

  /** Creates, changes and removes are logged with their before and after (OperationLog.audited). */
  private get audit() {
    return this.deps.operationLog.audited('room.floor', (id, trx) => this.get(id, trx));
  }

  async create(actor: Actor, input: FloorInput): Promise<FloorView> {
    return this.audit.create(actor, async (trx) => {
      const [id] = await trx('floors').insert({ ...(await this.row(trx, input)), created_at: this.deps.clock.now() });
      return Number(id);
    });
  }

  async update(actor: Actor, id: number, input: FloorInput): Promise<FloorView> {
    return this.audit.update(actor, id, async (trx, before) => {
      const row = await this.row(trx, input);
      // Resources carry their location too: moving a floor under them would split the two.
      if (before.locationId !== input.locationId)
        await assertUnbound(trx, this.deps.resourcesService, { floorId: id }, this.deps.clock.now(), 'floor');
      await trx('floors').where({ id }).update(row);
    });
  }

  /** Refused while the floor has future bookings or resources. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx) => {
      await assertUnbound(trx, this.deps.resourcesService, { floorId: id }, this.deps.clock.now(), 'floor');
      await trx('floors').where({ id }).delete();
    });
  }

  /** The floor plan or one of the icons; "no floor plan or icon for this floor" when none is set. */
  async picture(id: number, which: 'plan' | 'pad' | 'grid'): Promise<StoredFile> {
    const floor = await this.get(id);
    const uploadId =
      which === 'plan' ? floor.planUploadId : which === 'pad' ? floor.padIconUploadId : floor.gridIconUploadId;
    if (!uploadId) throw new AppError(404, 'places.noFloorPlan');
    return this.deps.uploadsService.file(uploadId);
  }

  /** For the resources module: the floor must exist and belong to the location. */
  async assertOnLocation(trx: Knex | Knex.Transaction, floorId: number, locationId: number): Promise<void> {
    const floor = await FloorModel.query(trx).findById(floorId).select('location_id');
    if (!floor) throw new ValidationError([{ field: 'floorId', message: `unknown floor ${floorId}` }]);
    if (floor.locationId !== locationId) throw new BusinessRuleError('places.floorElsewhere');
  }
}
