/**
 * Group mapping: a directory group (LDAP memberOf, an OIDC or SAML groups claim, an Entra group, a WeCom or
 * DingTalk department) maps to a role and/or a user group, which its people get at every sign-in and sync.
 * The administrator role is never offered (the server refuses it too).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHOICES } from '../../../../app/endpoints.ts';
import { useCan } from '../../../../app/hooks.ts';
import { CrudScreen, isEmpty, type FieldDef, type Values } from '../../../../components/crud/index.ts';
import { formatTime } from '../../../../components/format.ts';
import { useGroupListQuery, useRoleListQuery } from '../../../sys/api.ts';
import { GROUP_SOURCES, groupMaps, type GroupMapBody, type GroupSource } from '../../api.ts';

const SAVE = 'integrations.apps.save' as const;
const ADMIN_ROLE = 'admin';
const idOrNull = (v: unknown) => (isEmpty(v) ? null : Number(v));

export function GroupMaps() {
  const { t, i18n } = useTranslation('inte');
  const can = useCan();
  // The choices only matter to those who may add a mapping; reading them needs the roles and groups screens' rights.
  const skip = !can(SAVE);
  const roleList = useRoleListQuery({ ...CHOICES, pageSize: 100 }, { skip });
  const groupList = useGroupListQuery(CHOICES, { skip });
  const roles = roleList.data?.items ?? [];
  const groups = groupList.data?.items ?? [];
  const [source, setSource] = useState<GroupSource | ''>('');
  const sourceName = (s: GroupSource) => t(`groupMaps.sources.${s === '*' ? 'any' : s}`);
  const fields: FieldDef[] = [
    {
      name: 'source',
      label: t('groupMaps.source'),
      type: 'select',
      required: true,
      options: GROUP_SOURCES.map((s) => ({ value: s, text: sourceName(s) })),
    },
    {
      name: 'group',
      label: t('groupMaps.group'),
      required: true,
      maxLength: 500,
      help: t('groupMaps.groupHelp'),
    },
    {
      name: 'roleId',
      label: t('groupMaps.role'),
      type: 'select',
      emptyText: t('groupMaps.noRole'),
      ...(roleList.error ? { help: t('groupMaps.cannotList') } : {}),
      options: roles.filter((r) => r.code !== ADMIN_ROLE).map((r) => ({ value: r.id, text: r.name })),
      // Where the server puts the same refusal.
      validate: (v: unknown, values: Values) =>
        isEmpty(v) && isEmpty(values.userGroupId) ? String(t('groupMaps.needOne')) : null,
    },
    {
      name: 'userGroupId',
      label: t('groupMaps.userGroup'),
      type: 'select',
      emptyText: t('groupMaps.noUserGroup'),
      ...(groupList.error ? { help: t('groupMaps.cannotList') } : {}),
      options: groups.map((g) => ({ value: g.id, text: g.name })),
    },
  ];
  return (
    <CrudScreen
      embedded
      name="group-maps"
      title={t('groupMaps.title')}
      description={t('groupMaps.intro')}
      perm={{ add: SAVE, update: SAVE, delete: SAVE }}
      source={groupMaps}
      pageSize={10}
      query={source ? { source } : {}}
      toolbar={
        <>
          <label htmlFor="group-maps-source-filter">{t('groupMaps.source')}</label>
          <select
            id="group-maps-source-filter"
            className="ui dropdown"
            value={source}
            data-testid="group-maps-source-filter"
            onChange={(e) => setSource(e.target.value as GroupSource | '')}
          >
            <option value="">{t('groupMaps.allSources')}</option>
            {GROUP_SOURCES.map((s) => (
              <option key={s} value={s}>
                {sourceName(s)}
              </option>
            ))}
          </select>
        </>
      }
      noEdit
      fields={fields}
      addLabel={t('groupMaps.add')}
      formTitle={() => t('groupMaps.formTitle')}
      deleteLabel={t('groupMaps.delete')}
      nameOf={(m) => `${sourceName(m.source)}: ${m.group}`}
      emptyText={t('groupMaps.empty')}
      toForm={() => ({ source: 'ldap', group: '', roleId: null, userGroupId: null })}
      toBody={(v): GroupMapBody => ({
        source: v.source as GroupSource,
        group: String(v.group ?? '').trim(),
        roleId: idOrNull(v.roleId),
        userGroupId: idOrNull(v.userGroupId),
      })}
      columns={[
        { key: 'source', header: t('groupMaps.source'), render: (m) => sourceName(m.source) },
        {
          key: 'group',
          header: t('groupMaps.group'),
          render: (m) => <code style={{ wordBreak: 'break-all' }}>{m.group}</code>,
        },
        { key: 'role', header: t('groupMaps.role'), render: (m) => m.roleName ?? '—' },
        { key: 'userGroup', header: t('groupMaps.userGroup'), render: (m) => m.userGroupName ?? '—' },
        { key: 'created', header: t('groupMaps.created'), render: (m) => formatTime(m.createdAt, i18n.language) },
      ]}
    />
  );
}
