import { Model } from 'objection';
import { TableModel } from '../../db/model.ts';

/** A row of the menus table: a section (no parent) or a screen within one. */
export class MenuModel extends TableModel {
  static override tableName = 'menus';
  static override coerce = { hidden: 'boolean' } as const;
  id!: number;
  parentId!: number | null;
  /** The console's route name, e.g. center-reserve. */
  name!: string;
  path!: string;
  /** Chinese; titleEn and titleJa the other languages. */
  title!: string;
  titleEn!: string;
  titleJa!: string;
  icon!: string | null;
  hidden!: boolean;
  sort!: number;
  /** `<section>:<screen>` of the catalogue's screens; null for sections and items added by hand. */
  permissionPrefix!: string | null;
  /** JSON list of the action codes the screen offers. */
  actions!: string | null;
  /** JSON object. */
  meta!: string | null;
  createdAt!: number;
  updatedAt!: number;
  children?: MenuModel[];

  static override get relationMappings() {
    return {
      children: {
        relation: Model.HasManyRelation,
        modelClass: MenuModel,
        join: { from: 'menus.id', to: 'menus.parent_id' },
      },
    };
  }
}
