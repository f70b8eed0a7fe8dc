/** Colleagues chosen from the contacts by searching: the booking form's attendees, the suggestions' people. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'semantic-ui-react';
import { useContactsQuery } from '../../../app/api.ts';

interface Props {
  id: string;
  value: number[];
  onChange: (ids: number[]) => void;
  /** The most that may be chosen (the server's limit). */
  max: number;
}

export function PeoplePicker({ id, value, onChange, max }: Props) {
  const { t } = useTranslation('center');
  const [search, setSearch] = useState('');
  const { data: contacts = [] } = useContactsQuery(search);
  // Those chosen stay listed (with their names) when a new search no longer finds them.
  const [known, setKnown] = useState(new Map<number, string>());
  const label = (c: { name: string; realName?: string | null }) => (c.realName ? `${c.realName} (${c.name})` : c.name);
  const options = new Map(known);
  for (const c of contacts) options.set(c.id, label(c));
  return (
    <Dropdown
      id={id}
      searchInput={{ id: `${id}-search` }}
      fluid
      multiple
      search
      selection
      options={[...options].map(([key, text]) => ({ key, value: key, text }))}
      value={value}
      onSearchChange={(_, d) => setSearch(d.searchQuery)}
      onChange={(_, d) => {
        const ids = ((d.value as number[]) ?? []).slice(0, max);
        setKnown(new Map(ids.map((i) => [i, options.get(i) ?? String(i)])));
        onChange(ids);
      }}
      noResultsMessage={t('common.none')}
    />
  );
}
