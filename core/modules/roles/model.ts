import { TableModel } from '../../db/model.ts';

/** A role: a named set of permission codes (docs/product-rules.md R1.9); built-in ones carry a code. */
export class RoleModel extends TableModel {
  static override tableName = 'roles';
  id!: number;
  name!: string;
  description!: string | null;
  /** Built-in roles only: admin, staff. */
  code!: string | null;
  createdBy!: number | null;
  createdAt!: number;
  updatedAt!: number;
}

/** A permission code a role carries. */
export class RolePermissionModel extends TableModel {
  static override tableName = 'role_permissions';
  static override idColumn = ['role_id', 'permission'];
  roleId!: number;
  permission!: string;
}

/** A role given to a user. */
export class UserRoleModel extends TableModel {
  static override tableName = 'user_roles';
  static override idColumn = ['user_id', 'role_id'];
  userId!: number;
  roleId!: number;
}
