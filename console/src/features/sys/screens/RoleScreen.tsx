/** /sys/role: roles and their permissions; a role you may not change is refused before its form opens. */
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../../components/crud/index.ts';
import { roles, useLazyRolePreQuery, type RoleView } from '../api.ts';
import { PermissionTree } from '../components/roles/PermissionTree.tsx';
import '../i18n.ts';

export default function RoleScreen() {
  const { t } = useTranslation('sys');
  const [pre] = useLazyRolePreQuery();
  /** GET /sys/role/pre/:id answers 403 (toasted with its reason) when the role is not yours to change. */
  const allowed = async (r: RoleView) => !(await pre(r.id)).error;
  return (
    <CrudScreen
      name="roles"
      title={t('title.role')}
      perm="sys:role"
      source={roles}
      nameOf={(r) => r.name}
      formSize="large"
      allowed={allowed}
      canDelete={(r) => !r.builtIn}
      columns={[
        { key: 'name', header: t('role.name'), render: (r) => r.name },
        { key: 'description', header: t('role.description'), render: (r) => r.description ?? '' },
        { key: 'users', header: t('role.users'), render: (r) => r.userCount },
        { key: 'perms', header: t('role.permissions'), render: (r) => r.permissions.length },
      ]}
      // The limits of the server's RoleBody.
      fields={[
        { name: 'name', label: t('role.name'), required: true, maxLength: 100 },
        { name: 'description', label: t('role.description'), type: 'textarea', maxLength: 300 },
        {
          name: 'permissions',
          label: t('role.permissions'),
          type: 'custom',
          render: (v, set) => (
            <PermissionTree value={(v.permissions as string[]) ?? []} onChange={(p) => set('permissions', p)} />
          ),
        },
      ]}
      toForm={(r) => ({ name: r?.name ?? '', description: r?.description ?? '', permissions: r?.permissions ?? [] })}
      toBody={(v) => ({
        name: String(v.name),
        description: String(v.description ?? '').trim() || null,
        permissions: (v.permissions as string[]) ?? [],
      })}
    />
  );
}
