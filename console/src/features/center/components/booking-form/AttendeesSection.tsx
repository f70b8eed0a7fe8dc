/** Who comes: colleagues chosen from the contacts, and guests by name and e-mail. */
import { useTranslation } from 'react-i18next';
import { Button, Form, Label } from 'semantic-ui-react';
import { PeoplePicker } from '../PeoplePicker.tsx';
import type { SectionProps } from './section.ts';

/** The server takes up to 200 colleagues (core/modules/bookings/schema.ts). */
const MAX_INNER = 200;

export function AttendeesSection({ draft, dispatch, errors }: SectionProps) {
  const { t } = useTranslation('center');
  return (
    <>
      <Form.Field>
        <label htmlFor="bk-inner-search">{t('form.inner')}</label>
        <PeoplePicker
          id="bk-inner"
          max={MAX_INNER}
          value={draft.innerAttendees}
          onChange={(innerAttendees) => dispatch({ type: 'set', patch: { innerAttendees } })}
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
