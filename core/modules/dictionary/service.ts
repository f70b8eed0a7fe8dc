/**
 * The data dictionary: a tree of items (name, code, description, sort, parent).
 * Protected items (the built-in ones the product relies on) can be modified
 * but never deleted; an item with children cannot be deleted either, so no
 * delete ever orphans or cascades.
 */
import type { Knex } from 'knex';
import type { Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { whereAnyContains } from '../../db/like.ts';
import { paginateModels, type Page } from '../../db/paging.ts';
import { BusinessRuleError, ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { t } from '../../i18n/index.ts';
import type {
  DictBranch,
  DictInput,
  DictItem,
  DictListItem,
  DictNode,
  DictQuery,
  DictSearchQuery,
  DictSearchResult,
  DictUpdate,
} from './schema.ts';
import type { Cradle } from '../../cradle.ts';
import { DictionaryModel } from './model.ts';

const toItem = (m: DictionaryModel): DictItem => ({
  id: m.id,
  parentId: m.parentId,
  code: m.code,
  name: m.name,
  description: m.description,
  sort: m.sort,
  protected: m.protected,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});

/** Built-in items: the resource types of docs/product-rules.md R3.2. Seeded by code, never overwritten. */
const BUILT_IN = [
  { code: 'resourceType', name: 'Resource type', parent: null, sort: 1 },
  { code: 'resourceType.0', name: 'Meeting room', parent: 'resourceType', sort: 1 },
  { code: 'resourceType.1', name: 'Desk', parent: 'resourceType', sort: 2 },
] as const;

export class DictionaryService {
  constructor(private readonly deps: { db: Knex; clock: Clock; operationLog: Cradle['operationLog'] }) {}

  async seed(): Promise<void> {
    const { db, clock } = this.deps;
    for (const b of BUILT_IN) {
      if (await db('dictionary').where({ code: b.code }).first('id')) continue;
      const parent = b.parent ? await db('dictionary').where({ code: b.parent }).first('id') : undefined;
      await db('dictionary').insert({
        code: b.code,
        name: b.name,
        parent_id: parent?.id ?? null,
        sort: b.sort,
        protected: true,
        created_at: clock.now(),
        updated_at: clock.now(),
      });
    }
  }

  /** A page of items (of one parent when asked), each with the number of its children. */
  async list(query: DictQuery): Promise<Page<DictListItem>> {
    const q = DictionaryModel.query(this.deps.db).orderBy([{ column: 'sort' }, { column: 'id' }]);
    if (query.parentId === 0) q.whereNull('parent_id');
    else if (query.parentId !== undefined) q.where({ parent_id: query.parentId });
    if (query.q) whereAnyContains(q, ['name', 'code', 'description'], query.q);
    const page = await paginateModels(q, query, toItem);
    const counts = await this.childCounts(page.items.map((i) => i.id));
    return { ...page, items: page.items.map((i) => ({ ...i, childCount: counts.get(i.id) ?? 0 })) };
  }

  /**
   * The items matching `q` (at most `limit`, by sort value) with their ancestors, as
   * branches from the top level down: what a tree shows, expanded, while it is filtered.
   */
  async search(query: DictSearchQuery): Promise<DictSearchResult> {
    const { db } = this.deps;
    const matching = whereAnyContains(DictionaryModel.query(db), ['name', 'code', 'description'], query.q);
    const total = await matching.clone().resultSize();
    const matches = await matching
      .clone()
      .orderBy([{ column: 'sort' }, { column: 'id' }])
      .limit(query.limit);
    const rows = new Map(matches.map((m) => [m.id, m]));
    // Ancestors, one level per query; the depth is bounded as checkParent bounds it.
    for (let depth = 0; depth <= 100; depth++) {
      const missing = [
        ...new Set([...rows.values()].map((m) => m.parentId).filter((p): p is number => p != null)),
      ].filter((id) => !rows.has(id));
      if (!missing.length) break;
      for (const m of await DictionaryModel.query(db).whereIn('id', missing)) rows.set(m.id, m);
    }
    const counts = await this.childCounts([...rows.keys()]);
    const matched = new Set(matches.map((m) => m.id));
    const branches = new Map<number, DictBranch>(
      [...rows.values()].map((r) => {
        const item = toItem(r);
        return [item.id, { ...item, childCount: counts.get(item.id) ?? 0, match: matched.has(item.id), children: [] }];
      }),
    );
    const bySort = (a: DictBranch, b: DictBranch) => a.sort - b.sort || a.id - b.id;
    const roots: DictBranch[] = [];
    for (const b of [...branches.values()].sort(bySort))
      (b.parentId != null && branches.get(b.parentId) ? branches.get(b.parentId)!.children : roots).push(b);
    return { items: roots, total, shown: matches.length };
  }

  /** The whole tree, siblings by sort value. */
  async tree(): Promise<DictNode[]> {
    const rows = await DictionaryModel.query(this.deps.db).orderBy([{ column: 'sort' }, { column: 'id' }]);
    const nodes = new Map<number, DictNode>(rows.map((m) => [m.id, { ...toItem(m), children: [] }]));
    const roots: DictNode[] = [];
    for (const n of nodes.values())
      (n.parentId != null && nodes.get(n.parentId) ? nodes.get(n.parentId)!.children : roots).push(n);
    return roots;
  }

  async get(id: number, trx: Knex | Knex.Transaction = this.deps.db): Promise<DictItem> {
    const item = await DictionaryModel.query(trx).findById(id);
    if (!item) throw new NotFoundError('dictionary item', id);
    return toItem(item);
  }

  /** Creates, changes and removes are logged with their before and after (OperationLog.audited). */
  private get audit() {
    return this.deps.operationLog.audited('sys.dict', (id, trx) => this.get(id, trx));
  }

  async create(actor: Actor, input: DictInput): Promise<DictItem> {
    return this.audit.create(actor, async (trx) => {
      await this.checkParent(trx, actor, input.parentId ?? null, null);
      await this.checkCode(trx, input.code ?? null, null);
      const now = this.deps.clock.now();
      const [id] = await trx('dictionary').insert({
        parent_id: input.parentId ?? null,
        code: input.code ?? null,
        name: input.name,
        description: input.description ?? null,
        sort: input.sort,
        protected: input.protected ?? false,
        created_at: now,
        updated_at: now,
      });
      return Number(id);
    });
  }

  async update(actor: Actor, id: number, input: DictUpdate): Promise<DictItem> {
    return this.audit.update(actor, id, async (trx) => {
      await this.checkParent(trx, actor, input.parentId ?? null, id);
      await this.checkCode(trx, input.code ?? null, id);
      await trx('dictionary')
        .where({ id })
        .update({
          parent_id: input.parentId ?? null,
          code: input.code ?? null,
          name: input.name,
          description: input.description ?? null,
          sort: input.sort,
          updated_at: this.deps.clock.now(),
        });
    });
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.audit.remove(actor, id, async (trx, before) => {
      if (before.protected) throw new BusinessRuleError('dict.protected');
      if (await trx('dictionary').where({ parent_id: id }).first('id')) throw new BusinessRuleError('dict.hasChildren');
      await trx('dictionary').where({ id }).del();
    });
  }

  /** The number of children of each of `ids` (absent: none). */
  private async childCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = (await this.deps
      .db('dictionary')
      .whereIn('parent_id', ids)
      .groupBy('parent_id')
      .select('parent_id')
      .count({ n: '*' })) as Array<{ parent_id: number; n: number | string }>;
    return new Map(rows.map((r) => [Number(r.parent_id), Number(r.n)]));
  }

  /** The parent must exist and must not be the item itself or one of its descendants. */
  private async checkParent(
    trx: Knex.Transaction,
    actor: Actor,
    parentId: number | null,
    selfId: number | null,
  ): Promise<void> {
    let cursor = parentId;
    for (let depth = 0; cursor != null; depth++) {
      const row = await trx('dictionary').where({ id: cursor }).first('id', 'parent_id');
      if (!row || cursor === selfId || depth > 100)
        throw new ValidationError([{ field: 'parentId', message: t(actor.lang, 'dict.badParent') }], 'dict.badParent');
      cursor = row.parent_id == null ? null : Number(row.parent_id);
    }
  }

  private async checkCode(trx: Knex.Transaction, code: string | null, selfId: number | null): Promise<void> {
    if (!code) return;
    const q = trx('dictionary').where({ code });
    if (selfId != null) q.whereNot({ id: selfId });
    if (await q.first('id')) throw new ConflictError('dict.duplicateCode', { code });
  }
}
