/** Who approves bookings, who is exempt from the rules, and which user groups may book. */
import { useTranslation } from 'react-i18next';
import { Header } from 'semantic-ui-react';
import { useGroupChoices } from '../choices.ts';
import { MultiSelect, UserPicker } from '../pickers.tsx';
import type { SectionProps } from './section.ts';

export function PeopleSection({ draft, dispatch }: SectionProps) {
  const { t } = useTranslation('room');
  const groups = useGroupChoices();
  return (
    <>
      <Header as="h3">{t('section.people')}</Header>
      <UserPicker
        id="res-approvers"
        label={t('field.approvers')}
        value={draft.approverIds}
        onChange={(v) => dispatch({ type: 'set', patch: { approverIds: v } })}
      />
      <UserPicker
        id="res-exempt"
        label={t('field.exempt')}
        value={draft.exemptUserIds}
        onChange={(v) => dispatch({ type: 'set', patch: { exemptUserIds: v } })}
      />
      <MultiSelect
        id="res-groups"
        label={t('field.groups')}
        value={draft.groupIds}
        onChange={(v) => dispatch({ type: 'set', patch: { groupIds: v } })}
        options={groups.map((g) => ({ value: g.id, text: g.name }))}
      />
    </>
  );
}
