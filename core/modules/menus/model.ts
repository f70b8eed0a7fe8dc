import { Model } from 'objection';

/** A row of the menus table: a section (no parent) or a screen within one. */
export class MenuModel extends Model {
  static override tableName = 'menus';
  id!: number;
  parent_id!: number | null;
  name!: string;
  path!: string;
  title!: string;
  title_en!: string;
  title_ja!: string;
  icon!: string | null;
  hidden!: boolean | number;
  sort!: number;
  permission_prefix!: string | null;
  actions!: string | null;
  meta!: string | null;
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
