/**
 * The system-administration calls (core/modules/{users,roles,menus,groups,logs,blocklist,keys,notifications,
 * params,settings,licences,sso,dictionary,system}), typed by the server's own schemas. Changes are silent:
 * their forms show the server's refusal themselves.
 */
import type { z } from 'zod';
import type { BlocklistEntry, BlocklistQuery, ViolationEntry } from '../../../../core/modules/blocklist/schema.ts';
import type {
  DictInput,
  DictListItem,
  DictQuery,
  DictSearchResult,
  DictUpdate,
} from '../../../../core/modules/dictionary/schema.ts';
import type { GroupBody, GroupSummary, GroupView } from '../../../../core/modules/groups/schema.ts';
import type { CreatedKey, KeyInput, KeyQuery, KeyView } from '../../../../core/modules/keys/schema.ts';
import type { LicenceStatus } from '../../../../core/modules/licences/schema.ts';
import type {
  OperationLogItem,
  ReservationLogItem,
  SqlStatItem,
  SqlStatsQuery,
} from '../../../../core/modules/logs/schema.ts';
import type { MenuBody, MenuQuery, MenuView } from '../../../../core/modules/menus/schema.ts';
import type {
  CustomInput,
  CustomView,
  RenderedView,
  TemplateList,
  TemplatePreview,
  TemplateUpdate,
  TemplateView,
} from '../../../../core/modules/notifications/schema.ts';
import type { ParamView, TimeConfig } from '../../../../core/modules/params/schema.ts';
import type { PermissionTree, RoleBody, RoleQuery, RoleView } from '../../../../core/modules/roles/schema.ts';
import type { IdentityBody, IdentityQuery, IdentityView } from '../../../../core/modules/sso/schema.ts';
import type { ScaffoldQuery } from '../../../../core/modules/integrations/schema.ts';
import type { ReleaseInfo } from '../../../../core/modules/system/release-check.ts';
import type {
  PairingCode,
  PairingCodeInput,
  RenameTablet,
  TabletList,
  TabletView,
} from '../../../../core/modules/tablets/schema.ts';
import type {
  CreatedUser,
  CreateUserBody,
  DepartmentView,
  ImportReport,
  ResetPasswordBody,
  UpdateUserBody,
  UserQuery,
  UserView,
} from '../../../../core/modules/users/schema.ts';
import { api, type ApiArgs } from '../../app/api.ts';
import type { Envelope } from '../../app/http.ts';
import { actionOf, deleteOf, getOf, pageOf, readOf, saveOf } from '../../app/endpoints.ts';
import type { Collection, Page, PageArgs, SaveArgs } from '../../components/crud/index.ts';

export type {
  BlocklistEntry,
  CustomView,
  DictListItem,
  DictSearchResult,
  GroupSummary,
  ImportReport,
  KeyView,
  LicenceStatus,
  MenuView,
  OperationLogItem,
  ParamView,
  PermissionTree,
  ReservationLogItem,
  RoleView,
  SqlStatItem,
  TemplateView,
  UserView,
  ViolationEntry,
  PairingCode,
  TabletView,
};
export type { TemplateEvent } from '../../../../core/modules/notifications/events.ts';
export type Rendered = z.output<typeof RenderedView>;
export type PreviewBody = z.input<typeof TemplatePreview>;
export type UserBody = z.input<typeof CreateUserBody> | z.input<typeof UpdateUserBody>;
export type KeyBody = z.input<typeof KeyInput>;
export type DictBody = z.input<typeof DictInput> | z.input<typeof DictUpdate>;
export type TimeConfigBody = z.input<typeof TimeConfig>;
/** An identity linked to an account by hand. */
export type Identity = z.output<typeof IdentityView>;
/** Whether a newer Atrium release exists (GET /sys/release). */
export type Release = ReleaseInfo;
/** What the reset answers: a generated password (shown once) and how many API keys went with it. */
export interface ResetAnswer {
  initialPassword?: string;
  revokedApiKeys: number;
}
export type ResetBody = z.input<typeof ResetPasswordBody>;
/** A department of the tree (GET /sys/departments, R21.7): listed depth first, `path` names it. */
export type Department = z.output<typeof DepartmentView>;
/** A settings group (/sys/settings/<group>, /sys/sso/<method>): values by name, secrets as `{ set }`. */
export type SettingsValues = Record<string, unknown>;

/** List filters as the query string carries them (numbers, not the strings the server coerces). */
type Filters<Q> = PageArgs & { [K in keyof Omit<Q, 'page' | 'pageSize' | 'q'>]?: number | string | boolean };
/** A date range of the log lists, epoch ms. */
type Range = PageArgs & { from?: number; to?: number };

const TAG = 'Sys';
const QUIET = { silent: true };

export const sysApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    userList: build.query<Page<UserView>, Filters<UserQuery>>(pageOf<UserView, typeof TAG>('/sys/users', TAG)),
    /** Quiet: without sys:admin:view a form offers typing instead of choosing. */
    departments: build.query<Department[], void>(getOf<Department[], typeof TAG>('/sys/departments', TAG, QUIET)),
    saveUser: build.mutation<z.output<typeof CreatedUser>, SaveArgs<UserBody>>(saveOf('/sys/users', TAG, QUIET)),
    deleteUser: build.mutation<unknown, number>(deleteOf('/sys/users', TAG)),
    setUserStatus: build.mutation<UserView, { id: number; status: 0 | 1 }>(
      actionOf(
        ({ id, status }: { id: number; status: 0 | 1 }) => ({
          url: `/sys/users/${id}/status`,
          method: 'PUT',
          body: { status },
        }),
        TAG,
      ),
    ),
    recharge: build.mutation<unknown, { id: number; amount: number }>(
      actionOf(
        ({ id, amount }: { id: number; amount: number }) => ({
          url: `/sys/users/${id}/recharge`,
          body: { amount },
          silent: true,
        }),
        TAG,
      ),
    ),
    resetPassword: build.mutation<ResetAnswer, { id: number; body: ResetBody }>(
      actionOf(
        ({ id, body }: { id: number; body: ResetBody }) => ({
          url: `/sys/users/${id}/reset-password`,
          body,
          silent: true,
        }),
        TAG,
      ),
    ),
    userKeys: build.query<Page<KeyView>, { id: number }>(
      readOf<Page<KeyView>, { id: number }, typeof TAG>(({ id }) => `/sys/users/${id}/keys`, TAG, {
        params: { state: 'active', page: 1, pageSize: 100 },
      }),
    ),

    roleList: build.query<Page<RoleView>, Filters<RoleQuery>>(pageOf<RoleView, typeof TAG>('/sys/roles', TAG)),
    saveRole: build.mutation<RoleView, SaveArgs<z.input<typeof RoleBody>>>(saveOf('/sys/roles', TAG, QUIET)),
    deleteRole: build.mutation<unknown, number>(deleteOf('/sys/roles', TAG)),
    permissionTree: build.query<PermissionTree, void>(getOf<PermissionTree, typeof TAG>('/sys/permissions', TAG)),
    /** Whether the caller may change or delete a role: refused (403, its message toasted) when not. */
    rolePre: build.query<unknown, number>(readOf((id: number) => `/sys/role/pre/${id}`, TAG)),

    menuList: build.query<Page<MenuView>, Filters<MenuQuery>>(pageOf<MenuView, typeof TAG>('/sys/menus', TAG)),
    saveMenu: build.mutation<MenuView, SaveArgs<z.input<typeof MenuBody>>>(saveOf('/sys/menus', TAG, QUIET)),
    deleteMenu: build.mutation<unknown, number>(deleteOf('/sys/menus', TAG)),

    groupList: build.query<Page<GroupSummary>, PageArgs>(pageOf<GroupSummary, typeof TAG>('/sys/groups', TAG)),
    group: build.query<GroupView, number>(readOf((id: number) => `/sys/groups/${id}`, TAG)),
    saveGroup: build.mutation<GroupView, SaveArgs<z.input<typeof GroupBody>>>(saveOf('/sys/groups', TAG, QUIET)),
    deleteGroup: build.mutation<unknown, number>(deleteOf('/sys/groups', TAG)),

    operationLog: build.query<Page<OperationLogItem>, Range>(pageOf('/sys/logs/operations', TAG)),
    reservationLog: build.query<Page<ReservationLogItem>, Range>(pageOf('/sys/logs/reservations', TAG)),
    sqlStats: build.query<Page<SqlStatItem>, Filters<SqlStatsQuery>>(pageOf('/sys/logs/sql', TAG)),

    blocklist: build.query<Page<BlocklistEntry>, Filters<BlocklistQuery>>(pageOf('/sys/blocklist', TAG)),
    release: build.mutation<BlocklistEntry, number>(
      actionOf((id: number) => ({ url: `/sys/blocklist/${id}/release`, body: {}, silent: true }), TAG),
    ),
    violationList: build.query<Page<ViolationEntry>, Range>(pageOf('/sys/violations', TAG)),

    keyList: build.query<Page<KeyView>, Filters<KeyQuery>>(pageOf('/sys/keys', TAG)),
    createKey: build.mutation<z.output<typeof CreatedKey>, SaveArgs<z.input<typeof KeyInput>>>(
      saveOf('/sys/keys', TAG, QUIET),
    ),
    revokeKey: build.mutation<unknown, number>(deleteOf('/sys/keys', TAG)),

    customList: build.query<Page<CustomView>, PageArgs>(pageOf('/sys/notifications', TAG)),
    saveCustom: build.mutation<CustomView, SaveArgs<z.input<typeof CustomInput>>>(
      saveOf('/sys/notifications', TAG, QUIET),
    ),
    deleteCustom: build.mutation<unknown, number>(deleteOf('/sys/notifications', TAG)),
    templateList: build.query<Page<TemplateView>, Filters<TemplateList>>(pageOf('/sys/templates', TAG)),
    saveTemplate: build.mutation<TemplateView, SaveArgs<z.input<typeof TemplateUpdate>>>(
      saveOf('/sys/templates', TAG, QUIET),
    ),
    previewTemplate: build.mutation<Rendered, PreviewBody>({
      query: (body): ApiArgs => ({ url: '/sys/templates/preview', method: 'POST', body, silent: true }),
      transformResponse: (b: Envelope) => b.data as Rendered,
    }),

    params: build.query<ParamView[], void>(getOf<ParamView[], typeof TAG>('/sys/params', TAG)),
    saveParams: build.mutation<unknown, Record<string, unknown>>(
      actionOf((body: Record<string, unknown>) => ({ url: '/sys/params', method: 'PUT', body, silent: true }), TAG),
    ),
    /** A settings group, /sys/settings/<name>, or a sign-in method's, /sys/sso/<method>. */
    settings: build.query<SettingsValues, string>(readOf((path: string) => path, TAG)),
    saveSettings: build.mutation<
      SettingsValues,
      { path: string; body: SettingsValues; headers?: Record<string, string> }
    >(
      actionOf(
        ({ path, body, headers }: { path: string; body: SettingsValues; headers?: Record<string, string> }) => ({
          url: path,
          method: 'PUT',
          body,
          headers,
          silent: true,
        }),
        TAG,
      ),
    ),
    timeConfig: build.query<z.output<typeof TimeConfig>, void>({
      query: (): ApiArgs => ({ url: '/roTime/getOne' }),
      transformResponse: (b: Envelope) => b.bean as z.output<typeof TimeConfig>,
      providesTags: [TAG],
    }),
    saveTimeConfig: build.mutation<unknown, TimeConfigBody>(
      actionOf((body: TimeConfigBody) => ({ url: '/roTime', method: 'PUT', body, silent: true }), TAG),
    ),
    licence: build.query<LicenceStatus, void>(getOf<LicenceStatus, typeof TAG>('/sys/licence', TAG)),
    releaseInfo: build.query<Release, void>(getOf<Release, typeof TAG>('/sys/release', TAG, QUIET)),
    pluginScaffold: build.query<{ files: Array<{ path: string; content: string }> }, z.input<typeof ScaffoldQuery>>(
      getOf('/sys/setting/code/plugin', TAG, QUIET),
    ),

    identities: build.query<Page<Identity>, Filters<IdentityQuery>>(pageOf('/sys/sso/identities', TAG)),
    linkIdentity: build.mutation<Identity, { body: z.input<typeof IdentityBody>; headers?: Record<string, string> }>(
      actionOf(
        ({ body, headers }: { body: z.input<typeof IdentityBody>; headers?: Record<string, string> }) => ({
          url: '/sys/sso/identities',
          body,
          headers,
          silent: true,
        }),
        TAG,
      ),
    ),
    unlinkIdentity: build.mutation<unknown, { id: number; headers?: Record<string, string> }>(
      actionOf(
        ({ id, headers }: { id: number; headers?: Record<string, string> }) => ({
          url: `/sys/sso/identities/${id}`,
          method: 'DELETE',
          headers,
          silent: true,
        }),
        TAG,
      ),
    ),

    dictList: build.query<Page<DictListItem>, Filters<DictQuery>>(pageOf('/sys/dict', TAG)),
    dictSearch: build.query<DictSearchResult, { q: string }>(getOf('/sys/dict/search', TAG)),
    saveDict: build.mutation<DictListItem, SaveArgs<DictBody>>(saveOf('/sys/dict', TAG, QUIET)),
    deleteDict: build.mutation<unknown, number>(deleteOf('/sys/dict', TAG)),

    tabletList: build.query<Page<TabletView>, Filters<TabletList>>(pageOf('/sys/tablets', TAG)),
    /** Renames a tablet (PUT /sys/tablets/:id); tablets are paired, never created here. */
    renameTablet: build.mutation<TabletView, SaveArgs<RenameTablet>>(saveOf('/sys/tablets', TAG, QUIET)),
    /** A pairing code for a room: `id` is always null (POST /sys/tablets/pairing); the code is in this answer only. */
    pairTablet: build.mutation<PairingCode, SaveArgs<PairingCodeInput>>(saveOf('/sys/tablets/pairing', TAG, QUIET)),
    repairTablet: build.mutation<PairingCode, number>(
      actionOf((id: number) => ({ url: `/sys/tablets/${id}/repair` }), TAG),
    ),
    revokeTablet: build.mutation<TabletView, number>(
      actionOf((id: number) => ({ url: `/sys/tablets/${id}/revoke` }), TAG),
    ),
    reloadTablet: build.mutation<TabletView, number>(
      actionOf((id: number) => ({ url: `/sys/tablets/${id}/reload` }), TAG),
    ),
  }),
});

export const {
  useDepartmentsQuery,
  useUserListQuery,
  useSaveUserMutation,
  useDeleteUserMutation,
  useSetUserStatusMutation,
  useRechargeMutation,
  useResetPasswordMutation,
  useUserKeysQuery,
  useRoleListQuery,
  useSaveRoleMutation,
  useDeleteRoleMutation,
  usePermissionTreeQuery,
  useLazyRolePreQuery,
  useLazyGroupQuery,
  useMenuListQuery,
  useSaveMenuMutation,
  useDeleteMenuMutation,
  useGroupListQuery,
  useSaveGroupMutation,
  useDeleteGroupMutation,
  useOperationLogQuery,
  useReservationLogQuery,
  useSqlStatsQuery,
  useBlocklistQuery,
  useReleaseMutation,
  useViolationListQuery,
  useKeyListQuery,
  useCreateKeyMutation,
  useRevokeKeyMutation,
  useCustomListQuery,
  useSaveCustomMutation,
  useDeleteCustomMutation,
  useTemplateListQuery,
  useSaveTemplateMutation,
  usePreviewTemplateMutation,
  useParamsQuery,
  useSaveParamsMutation,
  useSettingsQuery,
  useSaveSettingsMutation,
  useTimeConfigQuery,
  useSaveTimeConfigMutation,
  useLicenceQuery,
  useReleaseInfoQuery,
  usePluginScaffoldQuery,
  useIdentitiesQuery,
  useLinkIdentityMutation,
  useUnlinkIdentityMutation,
  useDictListQuery,
  useDictSearchQuery,
  useSaveDictMutation,
  useDeleteDictMutation,
  useTabletListQuery,
  useRenameTabletMutation,
  usePairTabletMutation,
  useRepairTabletMutation,
  useRevokeTabletMutation,
  useReloadTabletMutation,
} = sysApi;

export const users: Collection<UserView, Filters<UserQuery>, UserBody> = {
  list: useUserListQuery,
  save: useSaveUserMutation,
  remove: useDeleteUserMutation,
};
export const roles: Collection<RoleView, Filters<RoleQuery>, z.input<typeof RoleBody>> = {
  list: useRoleListQuery,
  save: useSaveRoleMutation,
  remove: useDeleteRoleMutation,
};
export const menus: Collection<MenuView, Filters<MenuQuery>, z.input<typeof MenuBody>> = {
  list: useMenuListQuery,
  save: useSaveMenuMutation,
  remove: useDeleteMenuMutation,
};
export const groups: Collection<GroupSummary, PageArgs, z.input<typeof GroupBody>> = {
  list: useGroupListQuery,
  save: useSaveGroupMutation,
  remove: useDeleteGroupMutation,
};
export const keys: Collection<KeyView, Filters<KeyQuery>, KeyBody> = {
  list: useKeyListQuery,
  save: useCreateKeyMutation,
  remove: useRevokeKeyMutation,
};
export const customNotifications: Collection<CustomView, PageArgs, z.input<typeof CustomInput>> = {
  list: useCustomListQuery,
  save: useSaveCustomMutation,
  remove: useDeleteCustomMutation,
};
export const blocklist: Collection<BlocklistEntry, Filters<BlocklistQuery>> = { list: useBlocklistQuery };
export const operationLog: Collection<OperationLogItem, Range> = { list: useOperationLogQuery };
export const reservationLog: Collection<ReservationLogItem, Range> = { list: useReservationLogQuery };
export const violations: Collection<ViolationEntry, Range> = { list: useViolationListQuery };
export const sqlStats: Collection<SqlStatItem, Filters<SqlStatsQuery>> = { list: useSqlStatsQuery };
export const identities: Collection<Identity, Filters<IdentityQuery>> = { list: useIdentitiesQuery };
export const tablets: Collection<TabletView, Filters<TabletList>, RenameTablet> = {
  list: useTabletListQuery,
  save: useRenameTabletMutation,
};
