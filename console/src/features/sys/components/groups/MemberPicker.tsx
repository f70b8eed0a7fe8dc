/** A group's members: a searchable multiple choice over the contacts, keeping the names already chosen. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Form } from 'semantic-ui-react';
import { useContactsQuery } from '../../../../app/api.ts';

export type Member = { id: number; name: string };

export function MemberPicker({ value, onChange }: { value: Member[]; onChange: (v: Member[]) => void }) {
  const { t } = useTranslation('sys');
  const [q, setQ] = useState('');
  const { data = [] } = useContactsQuery(q);
  const found = data.map((c) => ({ id: c.id, name: c.realName ? `${c.realName} (${c.name})` : c.name }));
  const all = [...value, ...found.filter((f) => !value.some((v) => v.id === f.id))];
  return (
    <Form.Field>
      <label htmlFor="group-members-search">{t('group.members')}</label>
      <Dropdown
        fluid
        multiple
        search
        selection
        aria-label={t('group.members')}
        options={all.map((c) => ({ key: c.id, value: c.id, text: c.name }))}
        value={value.map((v) => v.id)}
        searchInput={{ id: 'group-members-search', 'aria-label': t('group.members') }}
        onSearchChange={(_, d) => setQ(String(d.searchQuery))}
        onChange={(_, d) =>
          onChange((d.value as number[]).map((id) => all.find((c) => c.id === id) ?? { id, name: String(id) }))
        }
        noResultsMessage={t('empty')}
      />
    </Form.Field>
  );
}
