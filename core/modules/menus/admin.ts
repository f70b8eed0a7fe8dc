/**
 * Menu administration: a two-level tree (sections and their screens), as the
 * console's side menu and route guard read it. Catalogue items may be renamed
 * in any language, re-iconed, re-sorted or hidden, but keep their name and
 * parent (the seed finds them by name) and cannot be deleted (the seed would
 * bring them back).
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BusinessRuleError, ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import { MENU } from './catalog.ts';
import { MenuModel } from './model.ts';
import type { MenuBody, MenuNode, MenuQuery, MenuView } from './schema.ts';
import type { Cradle } from '../../cradle.ts';
import type { Db } from '../../db/transaction.ts';

const SECTIONS = new Set(MENU.map((s) => s.name));

function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || !text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function toMenuView(m: MenuModel): MenuView {
  return {
    id: m.id,
    parentId: m.parentId,
    name: m.name,
    path: m.path,
    title: m.title,
    titleEn: m.titleEn,
    titleJa: m.titleJa,
    icon: m.icon,
    hidden: m.hidden,
    sort: m.sort,
    meta: parseJson<Record<string, unknown> | null>(m.meta, null),
    permissionPrefix: m.permissionPrefix,
    actions: parseJson<string[]>(m.actions, []),
    builtIn: m.permissionPrefix !== null || (m.parentId === null && SECTIONS.has(m.name)),
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

export class MenuAdminService {
  constructor(private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog'] }) {}

  async list(query: MenuQuery): Promise<Page<MenuView>> {
    const q = MenuModel.query(this.deps.db).orderBy([{ column: 'parent_id' }, { column: 'sort' }, { column: 'id' }]);
    if (query.parentId === 0) q.whereNull('parent_id');
    else if (query.parentId !== undefined) q.where({ parent_id: query.parentId });
    if (query.q) whereAnyContains(q, ['name', 'title', 'title_en', 'title_ja', 'path'], query.q);
    return paginateModels(q, query, toMenuView);
  }

  async tree(): Promise<MenuNode[]> {
    const rows = (await MenuModel.query(this.deps.db).orderBy([{ column: 'sort' }, { column: 'id' }])).map(toMenuView);
    return rows
      .filter((m) => m.parentId === null)
      .map((s) => ({ ...s, children: rows.filter((c) => c.parentId === s.id) }));
  }

  async get(id: number, db: Db = this.deps.db): Promise<MenuView> {
    const menu = await MenuModel.query(db).findById(id);
    if (!menu) throw new NotFoundError('menu item', id);
    return toMenuView(menu);
  }

  /** Creates, changes and removes are logged with their before and after (OperationLog.audited). */
  private get audit() {
    return this.deps.operationLog.audited('sys.menu', (id, trx) => this.get(id, trx));
  }

  async create(actor: Actor, body: MenuBody): Promise<MenuView> {
    return this.audit.create(actor, async (trx) => {
      await this.checkParent(trx, actor, body.parentId, null);
      await this.assertNameFree(trx, body.name, null);
      const now = this.deps.clock.now();
      const id = await this.write(() =>
        trx('menus').insert({
          ...columns(body),
          actions: null,
          permission_prefix: null,
          created_at: now,
          updated_at: now,
        }),
      );
      return id;
    });
  }

  async update(actor: Actor, id: number, body: MenuBody): Promise<MenuView> {
    return this.audit.update(actor, id, async (trx, before) => {
      if (before.builtIn && (body.name !== before.name || body.parentId !== before.parentId)) {
        throw new ValidationError(
          [{ field: 'name', message: t(actor.lang, 'users.builtInMenuFixed') }],
          'users.builtInMenuFixed',
        );
      }
      await this.checkParent(trx, actor, body.parentId, id);
      if (body.name !== before.name) await this.assertNameFree(trx, body.name, id);
      await this.write(async () => {
        await trx('menus')
          .where({ id })
          .update({ ...columns(body), updated_at: this.deps.clock.now() });
        return [id];
      });
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx, before) => {
      if (before.builtIn) throw new BusinessRuleError('users.builtInMenu');
      if (await trx('menus').where({ parent_id: id }).first('id')) throw new BusinessRuleError('users.menuHasChildren');
      await trx('menus').where({ id }).del();
    });
  }

  /** The tree has two levels: a parent must be an existing section (and a section with children stays one). */
  private async checkParent(db: Db, actor: Actor, parentId: number | null, selfId: number | null): Promise<void> {
    const bad = () =>
      new ValidationError(
        [{ field: 'parentId', message: t(actor.lang, 'users.badMenuParent') }],
        'users.badMenuParent',
      );
    if (parentId === null) return;
    const parent = await MenuModel.query(db).findById(parentId).select('id', 'parent_id');
    if (!parent || parent.parentId !== null || parentId === selfId) throw bad();
    if (selfId !== null && (await db('menus').where({ parent_id: selfId }).first('id'))) throw bad();
  }

  private async assertNameFree(db: Db, name: string, selfId: number | null): Promise<void> {
    const q = db('menus').where({ name });
    if (selfId !== null) q.whereNot({ id: selfId });
    if (await q.first('id')) throw new ConflictError('users.duplicateMenuName');
  }

  private async write(run: () => Promise<unknown[]>): Promise<number> {
    try {
      const [id] = await run();
      return Number(id);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError('users.duplicateMenuName');
      throw err;
    }
  }
}

function columns(b: MenuBody) {
  return {
    parent_id: b.parentId,
    name: b.name,
    path: b.path,
    title: b.title,
    title_en: b.titleEn,
    title_ja: b.titleJa,
    icon: b.icon,
    hidden: b.hidden,
    sort: b.sort,
    meta: b.meta ? JSON.stringify(b.meta) : null,
  };
}
