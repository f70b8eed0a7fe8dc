/** Who comes: colleagues chosen from the contacts, and guests by name and e-mail. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dropdown, Form, Label } from 'semantic-ui-react';
import { useContactsQuery } from '../../../../app/api.ts';
import type { SectionProps } from './section.ts';

export function AttendeesSection({ draft, dispatch, errors }: SectionProps) {
  const { t } = useTranslation('center');
  const [search, setSearch] = useState('');
  const { data: contacts = [] } = useContactsQuery(search);
  return (
    <>
      <Form.Field>
        <label htmlFor="bk-inner-search">{t('form.inner')}</label>
        <Dropdown
          id="bk-inner"
          searchInput={{ id: 'bk-inner-search' }}
          fluid
          multiple
          search
          selection
          options={contacts.map((c) => ({
            key: c.id,
            value: c.id,
            text: c.realName ? `${c.realName} (${c.name})` : c.name,
          }))}
          value={draft.innerAttendees}
          onSearchChange={(_, d) => setSearch(d.searchQuery)}
          onChange={(_, d) => dispatch({ type: 'set', patch: { innerAttendees: (d.value as number[]) ?? [] } })}
          noResultsMessage={t('common.none')}
        />
      </Form.Field>
      <Form.Field error={Boolean(errors.outerAttendees)}>
        <label id="bk-outer-label">{t('form.outer')}</label>
        {draft.guests.map((g, i) => (
          <div className="outer-row" key={i} role="group" aria-labelledby="bk-outer-label">
            <input
              aria-label={t('form.outerName')}
              placeholder={t('form.outerName')}
              maxLength={100}
              value={g.name}
              onChange={(e) => dispatch({ type: 'guest', index: i, patch: { name: e.target.value } })}
            />
            <input
              aria-label={t('form.outerEmail')}
              placeholder={t('form.outerEmail')}
              type="email"
              maxLength={255}
              value={g.email}
              onChange={(e) => dispatch({ type: 'guest', index: i, patch: { email: e.target.value } })}
            />
            <Button
              type="button"
              icon="trash"
              basic
              aria-label={t('form.removeOuter')}
              onClick={() => dispatch({ type: 'removeGuest', index: i })}
            />
          </div>
        ))}
        {errors.outerAttendees && (
          <Label basic color="red" pointing>
            {errors.outerAttendees}
          </Label>
        )}
        <Button
          type="button"
          size="tiny"
          basic
          icon="add"
          content={t('form.addOuter')}
          onClick={() => dispatch({ type: 'addGuest' })}
        />
      </Form.Field>
    </>
  );
}
