/** Creates users for tests through the users service, as an administrator would. */
import { runTx } from '../../core/db/transaction.ts';
import type { TestApp } from './app.ts';

export const STAFF_PASSWORD = 'Staff#2026pass';

export async function createUser(
  app: TestApp,
  username: string,
  options: { role?: 'staff' | 'admin' | null; password?: string; status?: number } = {},
): Promise<number> {
  const { db, usersService, rolesService } = app.cradle;
  const roleIds = options.role === null ? [] : [await rolesService.roleIdByCode(options.role ?? 'staff')];
  const id = await runTx(db, (trx) =>
    usersService.insert(trx, {
      username,
      realName: username,
      employeeNo: `T-${username}`,
      password: options.password ?? STAFF_PASSWORD,
      email: `${username}@example.org`,
      roleIds,
    }),
  );
  if (options.status !== undefined) await db('users').where({ id }).update({ status: options.status });
  return id;
}

/** A user whose only role, made for them, carries exactly `permissions`. */
export async function createUserWithPermissions(
  app: TestApp,
  username: string,
  permissions: string[],
): Promise<number> {
  const { db, clock } = app.cradle;
  const userId = await createUser(app, username, { role: null });
  const [roleId] = await db('roles').insert({
    name: `role-${username}`,
    created_at: clock.now(),
    updated_at: clock.now(),
  });
  await db('role_permissions').insert(permissions.map((permission) => ({ role_id: Number(roleId), permission })));
  await db('user_roles').insert({ user_id: userId, role_id: Number(roleId) });
  return userId;
}
