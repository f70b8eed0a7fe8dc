import { asClass } from 'awilix';
import type { AtriumModule } from '../module.ts';
import { UserAdminService } from './admin.ts';
import { UserImportService } from './import.ts';
import { usersRoutes } from './routes.ts';
import { UsersService } from './service.ts';

declare module '../../cradle.ts' {
  interface Cradle {
    usersService: UsersService;
    userAdminService: UserAdminService;
    userImportService: UserImportService;
  }
}

export { UsersService, type NewUser, type DirectoryFields } from './service.ts';
export { UserAdminService } from './admin.ts';
export { UserImportService, type ImportProgress } from './import.ts';
export { hashPassword, verifyPassword, randomPassword } from './password.ts';
export { POLICY_KEYS, passwordState, policyViolations, type PasswordPolicy } from './password-policy.ts';
export { accountStanding, ACCOUNT_STATE_COLUMNS, type AccountState, type AccountStanding } from './standing.ts';
export { loadUserSettings, passwordErrors, throwIfAny, userFieldErrors } from './rules.ts';
export { UserModel, type UserRow } from './model.ts';
export { joinUser, existingUserIds, lockUser, type JoinUser } from './joins.ts';
export { creditBalance, creditBalanceOf, moveCredit } from './credit.ts';
export {
  cardHolders,
  directoryAccounts,
  employeeNoOf,
  enabledUsersById,
  existingUsernames,
  localPasswordsChanged,
  setFeedTokenHash,
  userByFeedTokenHash,
  usernameByCardNo,
  usernameOf,
  usernamesOf,
  usersMatching,
  type Addressee,
  type DirectoryAccount,
} from './lookups.ts';
export { UserFields } from './schema.ts';
export {
  departmentPathText,
  departmentTree,
  inDepartment,
  PATH_SEPARATOR,
  teamOf,
  type Department,
  type Team,
} from './departments.ts';
export type { UserView, Contact } from './schema.ts';

export const usersModule: AtriumModule = {
  name: 'users',
  register(container) {
    container.register({
      usersService: asClass(UsersService).singleton(),
      userAdminService: asClass(UserAdminService).singleton(),
      userImportService: asClass(UserImportService).singleton(),
    });
  },
  routes: usersRoutes,
};
