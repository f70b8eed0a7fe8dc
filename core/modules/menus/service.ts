/**
 * Menus: seeded from the catalogue, editable by administrators, and served to
 * each user filtered by what their permissions let them see (docs/product-rules.md R2.4).
 */
import type { Knex } from 'knex';
import { holdsOnScreen, type Actor } from '../../actor.ts';
import type { Clock } from '../../clock.ts';
import { MENU } from './catalog.ts';
import { MenuModel } from './model.ts';

export interface NavEntry {
  name: string;
  path: string;
  meta: { title: string; titleEn: string; titleJa: string; icon: string | null; hidden: boolean };
}
export interface NavSection extends NavEntry {
  children: NavEntry[];
}

export class MenusService {
  constructor(private readonly deps: { db: Knex; clock: Clock }) {}

  /** Adds the catalogue's menu items that are missing; leaves edited ones alone. */
  async seed(): Promise<void> {
    const { db, clock } = this.deps;
    const existing = new Map((await MenuModel.query(db).select('id', 'name')).map((m) => [m.name, m.id]));
    const now = clock.now();
    const row = (
      name: string,
      parentId: number | null,
      path: string,
      title: { cn: string; en: string; ja: string },
      icon: string | undefined,
      hidden: boolean,
      sort: number,
      prefix: string | null,
      actions: string[] | null,
    ) => ({
      parent_id: parentId,
      name,
      path,
      title: title.cn,
      title_en: title.en,
      title_ja: title.ja,
      icon: icon ?? null,
      hidden,
      sort,
      permission_prefix: prefix,
      actions: actions ? JSON.stringify(actions) : null,
      meta: null,
      created_at: now,
      updated_at: now,
    });
    for (const [si, section] of MENU.entries()) {
      let sectionId = existing.get(section.name);
      if (!sectionId) {
        const [id] = await db('menus').insert(
          row(section.name, null, section.path, section.title, section.icon, false, si, null, null),
        );
        sectionId = Number(id);
      }
      for (const [ci, child] of section.children.entries()) {
        const name = `${section.name}-${child.name}`;
        if (existing.has(name)) continue;
        await db('menus').insert(
          row(
            name,
            sectionId,
            child.path,
            child.title,
            child.icon,
            child.hidden ?? false,
            ci,
            `${section.name}:${child.name}`,
            child.actions,
          ),
        );
      }
    }
  }

  /** The menu a user may see: a screen shows when they hold any permission on it. */
  async nav(actor: Actor): Promise<NavSection[]> {
    const rows = await MenuModel.query(this.deps.db).orderBy([{ column: 'sort' }, { column: 'id' }]);
    const visible = (prefix: string | null) => !prefix || holdsOnScreen(actor, prefix);
    const toEntry = (m: MenuModel): NavEntry => ({
      name: m.name,
      path: m.path,
      meta: { title: m.title, titleEn: m.titleEn, titleJa: m.titleJa, icon: m.icon, hidden: m.hidden },
    });
    return rows
      .filter((m) => m.parentId === null)
      .map((s) => ({
        ...toEntry(s),
        children: rows.filter((c) => c.parentId === s.id && visible(c.permissionPrefix)).map(toEntry),
      }))
      .filter((s) => s.children.length > 0);
  }
}
