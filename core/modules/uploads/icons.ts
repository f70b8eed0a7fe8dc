/** Resource icons: a named picture resources point at (one each, docs/product-rules.md R3.10; screen room:image). */
import type { Knex } from 'knex';
import type { Config } from '../../../config/default.ts';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page, type PageQuery } from '../../db/paging.ts';
import { BusinessRuleError, NotFoundError } from '../../errors.ts';
import { ResourceIconModel } from './model.ts';
import type { IconInput, IconView } from './schema.ts';
import type { UploadsService } from './service.ts';
import type { Cradle } from '../../cradle.ts';

export interface IconsDeps {
  db: Knex;
  clock: Clock;
  config: Config;
  operationLog: Cradle['operationLog'];
  uploadsService: UploadsService;
  resourcesService: Cradle['resourcesService'];
}

export class IconsService {
  constructor(private readonly deps: IconsDeps) {}

  private view(icon: ResourceIconModel): IconView {
    return {
      id: icon.id,
      name: icon.name,
      uploadId: icon.uploadId,
      url: `${this.deps.config.apiPrefix}/upload/${icon.uploadId}`,
      createdAt: icon.createdAt,
    };
  }

  async list(query: PageQuery): Promise<Page<IconView>> {
    const q = ResourceIconModel.query(this.deps.db).orderBy('id');
    if (query.q) whereAnyContains(q, ['name'], query.q);
    return paginateModels(q, query, (icon) => this.view(icon));
  }

  async get(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<IconView> {
    const icon = await ResourceIconModel.query(trx).findById(id);
    if (!icon) throw new NotFoundError('icon', id);
    return this.view(icon);
  }

  /** Creates, changes and removes are logged with their before and after (OperationLog.audited). */
  private get audit() {
    return this.deps.operationLog.audited('room.icon', (id, trx) => this.get(id, trx));
  }

  async create(actor: Actor, input: IconInput): Promise<IconView> {
    return this.audit.create(actor, async (trx) => {
      await this.deps.uploadsService.assertExist(trx, { uploadId: input.uploadId });
      const [id] = await trx('resource_icons').insert({
        name: input.name,
        upload_id: input.uploadId,
        created_at: this.deps.clock.now(),
      });
      return Number(id);
    });
  }

  async update(actor: Actor, id: number, input: IconInput): Promise<IconView> {
    return this.audit.update(actor, id, async (trx) => {
      await this.deps.uploadsService.assertExist(trx, { uploadId: input.uploadId });
      await trx('resource_icons').where({ id }).update({ name: input.name, upload_id: input.uploadId });
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx) => {
      const used = await this.deps.resourcesService.usingIcon(id, trx);
      if (used > 0) throw new BusinessRuleError('places.iconInUse', { count: used });
      await trx('resource_icons').where({ id }).delete();
    });
  }
}
