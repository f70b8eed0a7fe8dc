import { z } from 'zod';
import type { Cradle } from '../../cradle.ts';
import { pageOf } from '../../http/answers.ts';
import { BadRequestError } from '../../errors.ts';
import { RawReply, SIGNED_IN, route, type ModuleRoutes, NO_DATA, media } from '../../http/route.ts';
import {
  Contact,
  ContactQuery,
  CreateUserBody,
  CreatedUser,
  DepartmentView,
  ExportQuery,
  IdParam,
  ImportReport,
  ResetPasswordBody,
  StatusBody,
  UpdateUserBody,
  UserQuery,
  UserView,
} from './schema.ts';
import { departmentTree } from './departments.ts';
import { templateWorkbook } from './workbook.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function usersRoutes({ db, userAdminService, userImportService }: Cradle): ModuleRoutes {
  return {
    tag: 'Users',
    routes: [
      route({
        method: 'get',
        path: '/sys/departments',
        response: z.array(DepartmentView),
        permission: 'sys:admin:view',
        summary: 'The department tree of the enabled people, depth first (from the directory sync)',
        handler: () => departmentTree(db),
      }),
      route({
        method: 'get',
        path: '/sys/users',
        response: pageOf(UserView),
        permission: 'sys:admin:view',
        query: UserQuery,
        summary: 'Users, paged; q searches username, name, employee number, e-mail and phone',
        handler: ({ query }) => userAdminService.list(query),
      }),
      route({
        method: 'post',
        path: '/sys/users',
        permission: 'sys:admin:add',
        body: CreateUserBody,
        response: CreatedUser,
        summary: 'Create a user (roles: your own unless you are a system administrator)',
        handler: ({ actor, body }) => userAdminService.create(actor, body),
      }),
      route({
        method: 'get',
        path: '/sys/users/import-template',
        response: media('The import template workbook', XLSX),
        permission: 'sys:admin:import',
        summary: 'The import template (xlsx, column titles in your language)',
        handler: async ({ lang }) =>
          new RawReply(await templateWorkbook(lang), XLSX, { filename: 'users-template.xlsx' }),
      }),
      route({
        method: 'post',
        path: '/sys/users/import',
        permission: 'sys:admin:import',
        multipart: { maxFileBytes: 2 * 1024 * 1024 },
        response: ImportReport,
        summary:
          'Import users from an xlsx workbook (at most 2 MB); answers the number imported and the errors per row',
        handler: ({ actor, files }) => {
          const file = files.find((f) => f.fieldName === 'file') ?? files[0];
          if (!file) throw new BadRequestError('users.uploadRequired');
          return userImportService.importFile(actor, file);
        },
      }),
      route({
        method: 'get',
        path: '/sys/users/export',
        response: media('The users as a workbook', XLSX),
        permission: 'sys:admin:export',
        query: ExportQuery,
        summary: 'The users matching the filters as an xlsx workbook',
        handler: async ({ actor, query }) =>
          new RawReply(await userImportService.exportFile(actor, query), XLSX, { filename: 'users.xlsx' }),
      }),
      route({
        method: 'get',
        path: '/sys/users/:id',
        permission: 'sys:admin:view',
        params: IdParam,
        response: UserView,
        summary: 'One user',
        handler: ({ params }) => userAdminService.get(params.id),
      }),
      route({
        method: 'put',
        path: '/sys/users/:id',
        permission: 'sys:admin:update',
        params: IdParam,
        body: UpdateUserBody,
        response: UserView,
        summary: "Replace a user's fields and roles (disabling ends their sessions)",
        handler: ({ actor, params, body }) => userAdminService.update(actor, params.id, body),
      }),
      route({
        method: 'delete',
        path: '/sys/users/:id',
        response: NO_DATA,
        permission: 'sys:admin:delete',
        params: IdParam,
        summary: 'Delete a user (not yourself, not a system administrator, not one with bookings)',
        handler: ({ actor, params }) => userAdminService.remove(actor, params.id),
      }),
      route({
        method: 'put',
        path: '/sys/users/:id/status',
        permission: 'sys:admin:update',
        params: IdParam,
        body: StatusBody,
        response: UserView,
        summary: 'Enable (1) or disable (0) a user; disabling ends their sessions',
        handler: ({ actor, params, body }) => userAdminService.setStatus(actor, params.id, body.status),
      }),
      route({
        method: 'post',
        path: '/sys/users/:id/reset-password',
        permission: 'sys:admin:update',
        params: IdParam,
        body: ResetPasswordBody,
        response: z.object({
          initialPassword: z.string().optional(),
          mustChangePassword: z.boolean(),
          revokedApiKeys: z.number().describe("how many of the user's API keys were revoked"),
        }),
        summary:
          "Set a new password (given, or random and answered once); the user's sessions end and, unless revokeApiKeys is false, their API keys",
        handler: ({ actor, params, body }) => userAdminService.resetPassword(actor, params.id, body),
      }),
      route({
        method: 'get',
        path: '/contacts{/}',
        permission: SIGNED_IN,
        query: ContactQuery,
        response: z.array(Contact),
        summary: 'Contacts: active users (name, realName, email), searchable with q',
        handler: ({ query }) => userAdminService.contacts(query),
      }),
      route({
        method: 'get',
        path: '/sys/user/contactList',
        permission: SIGNED_IN,
        query: ContactQuery,
        response: z.array(Contact),
        summary: "Contacts, as the console's user picker asks for them",
        handler: ({ query }) => userAdminService.contacts(query),
      }),
    ],
  };
}
