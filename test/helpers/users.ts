/** Creates users for tests through the users service, as an administrator would. */
import type { TestApp } from './app.ts';

export const STAFF_PASSWORD = 'Staff#2026pass';

export async function createUser(
  app: TestApp,
  username: string,
  options: { role?: 'staff' | 'admin' | null; password?: string; status?: number } = {},
): Promise<number> {
  const { db, usersService, rolesService } = app.cradle;
  const roleIds = options.role === null ? [] : [await rolesService.roleIdByCode(options.role ?? 'staff')];
  const id = await db.transaction((trx) =>
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
