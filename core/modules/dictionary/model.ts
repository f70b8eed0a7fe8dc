import { TableModel } from '../../db/model.ts';

/** A dictionary item: a node of the tree (no parent: a top-level item). */
export class DictionaryModel extends TableModel {
  static override tableName = 'dictionary';
  static override coerce = { protected: 'boolean' } as const;
  id!: number;
  parentId!: number | null;
  code!: string | null;
  name!: string;
  description!: string | null;
  sort!: number;
  protected!: boolean;
  createdAt!: number;
  updatedAt!: number;
}
