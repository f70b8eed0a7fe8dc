/**
 * Group mapping: a directory group (LDAP memberOf, an OIDC or SAML groups claim, an Entra group, a WeCom or
 * DingTalk department) maps to a role and/or a user group, which its people get at every sign-in and sync.
 * A mapping may also name a department of the tree (`dept:<path>`, R21.7): its people and those of the departments
 * below it, applied by the sync only; the department is chosen from the tree when the caller may read it.
 * The choices come from /inte/app/groupMaps/choices, which never offers the administrator role.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { useCan } from '../../../../app/hooks.ts';
import { CrudScreen, isEmpty, type FieldDef, type Values } from '../../../../components/crud/index.ts';
import { formatTime } from '../../../../components/format.ts';
import type { Department } from '../../../sys/api.ts';
import { DepartmentPicker, useDepartmentChoices } from '../../../sys/components/DepartmentPicker.tsx';
import { GROUP_SOURCES, groupMaps, useGroupMapChoicesQuery, type GroupMapBody, type GroupSource } from '../../api.ts';

const SAVE = 'integrations.apps.save' as const;
const DEPT = 'dept:';
const idOrNull = (v: unknown) => (isEmpty(v) ? null : Number(v));
type GroupKind = 'group' | 'dept';
const kindOf = (v: Values): GroupKind =>
  (v.groupKind as GroupKind | undefined) ?? (String(v.group ?? '').startsWith(DEPT) ? 'dept' : 'group');

/** The group field: typed as the directory names it, or a department chosen from the tree (`dept:<path>`). */
function GroupField({
  values,
  set,
  error,
  departments,
}: {
  values: Values;
  set: (name: string, v: unknown) => void;
  error?: string;
  departments: Department[] | null;
}) {
  const { t } = useTranslation('inte');
  const group = String(values.group ?? '');
  const kind = departments ? kindOf(values) : 'group';
  const choose = (k: GroupKind) => {
    if (k === kind) return;
    set('groupKind', k);
    set('group', '');
  };
  return (
    <>
      {departments && (
        <Form.Group inline role="radiogroup" aria-label={t('groupMaps.groupKind')} data-testid="group-maps-kind">
          <label>{t('groupMaps.groupKind')}</label>
          <Form.Radio
            id="group-maps-kind-group"
            label={t('groupMaps.kinds.group')}
            checked={kind === 'group'}
            onChange={() => choose('group')}
          />
          <Form.Radio
            id="group-maps-kind-dept"
            label={t('groupMaps.kinds.dept')}
            checked={kind === 'dept'}
            onChange={() => choose('dept')}
          />
        </Form.Group>
      )}
      {kind === 'dept' && departments ? (
        <DepartmentPicker
          id="group-maps-department"
          testId="group-maps-department"
          label={t('groupMaps.department')}
          departments={departments}
          value={group.startsWith(DEPT) ? group.slice(DEPT.length) : ''}
          onChange={(path) => set('group', path ? `${DEPT}${path}` : '')}
          placeholder={t('groupMaps.chooseDepartment')}
          noResults={t('groupMaps.noDepartment')}
          help={t('groupMaps.departmentHelp')}
          error={error}
        />
      ) : (
        <Form.Field required error={Boolean(error)}>
          <label htmlFor="group-maps-group">{t('groupMaps.group')}</label>
          <input
            id="group-maps-group"
            name="group"
            value={group}
            autoComplete="off"
            aria-describedby="group-maps-group-help"
            aria-invalid={Boolean(error)}
            onChange={(e) => set('group', e.target.value)}
          />
          <small id="group-maps-group-help" className="field-help" style={{ color: '#555', display: 'block' }}>
            {departments ? t('groupMaps.groupHelp') : t('groupMaps.groupHelpDept')}
          </small>
          {error && (
            <div className="ui pointing above prompt label" role="alert" data-testid="error-group">
              {error}
            </div>
          )}
        </Form.Field>
      )}
    </>
  );
}

export function GroupMaps() {
  const { t, i18n } = useTranslation('inte');
  const can = useCan();
  // The choices only matter to those who may add a mapping, and need no more than that right.
  const { data: choices } = useGroupMapChoicesQuery(undefined, { skip: !can(SAVE) });
  const roles = choices?.roles ?? [];
  const groups = choices?.userGroups ?? [];
  // null: the tree may not be read, and a department is typed as dept:<path>.
  const departments = useDepartmentChoices();
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
      type: 'custom',
      required: true,
      maxLength: 500,
      render: (values, set, error) => <GroupField values={values} set={set} error={error} departments={departments} />,
    },
    {
      name: 'roleId',
      label: t('groupMaps.role'),
      type: 'select',
      emptyText: t('groupMaps.noRole'),
      options: roles.map((r) => ({ value: r.id, text: r.name })),
      // Where the server puts the same refusal.
      validate: (v: unknown, values: Values) =>
        isEmpty(v) && isEmpty(values.userGroupId) ? String(t('groupMaps.needOne')) : null,
    },
    {
      name: 'userGroupId',
      label: t('groupMaps.userGroup'),
      type: 'select',
      emptyText: t('groupMaps.noUserGroup'),
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
          render: (m) =>
            m.group.startsWith(DEPT) ? (
              <span data-testid="group-maps-dept">
                {t('groupMaps.kinds.dept')}: {m.group.slice(DEPT.length)}
              </span>
            ) : (
              <code style={{ wordBreak: 'break-all' }}>{m.group}</code>
            ),
        },
        { key: 'role', header: t('groupMaps.role'), render: (m) => m.roleName ?? '—' },
        { key: 'userGroup', header: t('groupMaps.userGroup'), render: (m) => m.userGroupName ?? '—' },
        { key: 'created', header: t('groupMaps.created'), render: (m) => formatTime(m.createdAt, i18n.language) },
      ]}
    />
  );
}
