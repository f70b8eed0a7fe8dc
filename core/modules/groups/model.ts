import { TableModel } from '../../db/model.ts';

/** A user group (docs/product-rules.md R1.10): resources may be restricted to groups. */
export class GroupModel extends TableModel {
  static override tableName = 'user_groups';
  id!: number;
  name!: string;
  description!: string | null;
  createdAt!: number;
  updatedAt!: number;
}

/** A user's membership of a group. */
export class GroupMemberModel extends TableModel {
  static override tableName = 'user_group_members';
  static override idColumn = ['group_id', 'user_id'];
  groupId!: number;
  userId!: number;
}
