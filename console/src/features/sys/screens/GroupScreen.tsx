/** /sys/group: user groups and their members (read whole before editing: the list counts them only). */
import { useTranslation } from 'react-i18next';
import { CrudScreen } from '../../../components/crud/index.ts';
import { formatTime } from '../../../components/format.ts';
import { groups, useLazyGroupQuery, type GroupSummary } from '../api.ts';
import { MemberPicker, type Member } from '../components/groups/MemberPicker.tsx';
import '../i18n.ts';

type Editing = GroupSummary & { members?: Array<{ id: number; username: string; realName: string }> };

export default function GroupScreen() {
  const { t, i18n } = useTranslation('sys');
  const [readGroup] = useLazyGroupQuery();
  return (
    <CrudScreen
      name="groups"
      title={t('title.group')}
      perm="sys:group"
      source={groups}
      nameOf={(g) => g.name}
      load={async (g): Promise<Editing | null> => (await readGroup(g.id)).data ?? null}
      columns={[
        { key: 'name', header: t('group.name'), render: (g) => g.name },
        { key: 'description', header: t('group.description'), render: (g) => g.description ?? '' },
        { key: 'members', header: t('group.members'), render: (g) => g.memberCount },
        { key: 'updatedAt', header: t('modified'), render: (g) => formatTime(g.updatedAt, i18n.language) },
      ]}
      // The limits of the server's GroupBody.
      fields={[
        { name: 'name', label: t('group.name'), required: true, maxLength: 100 },
        { name: 'description', label: t('group.description'), type: 'textarea', maxLength: 300 },
        {
          name: 'members',
          label: t('group.members'),
          type: 'custom',
          render: (v, set) => (
            <MemberPicker value={(v.members as Member[] | undefined) ?? []} onChange={(m) => set('members', m)} />
          ),
        },
      ]}
      toForm={(g: Editing | null) => ({
        name: g?.name ?? '',
        description: g?.description ?? '',
        members: (g?.members ?? []).map((m) => ({ id: m.id, name: m.realName || m.username || String(m.id) })),
      })}
      toBody={(v) => ({
        name: String(v.name),
        description: String(v.description ?? '').trim() || null,
        memberIds: ((v.members as Member[]) ?? []).map((m) => m.id),
      })}
    />
  );
}
