/** Accessible pickers for the resource form: users (from /contacts/), and a chip list of ids. */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Label } from 'semantic-ui-react';
import type { Contact } from '../../../../../core/modules/users/schema.ts';
import { useContactsQuery } from '../../../app/api.ts';

const contactText = (c: Contact) => `${c.realName || c.name} (${c.name})`;

/** Chosen users as chips, and a search box (with suggestions) to add more; a bare number adds that user id. */
export function UserPicker({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('room');
  const [text, setText] = useState('');
  const { data: contacts = [] } = useContactsQuery(text.trim());
  const { data: all = [] } = useContactsQuery('');
  const names = useMemo(() => new Map([...all, ...contacts].map((c) => [c.id, contactText(c)])), [all, contacts]);
  const add = () => {
    const typed = text.trim();
    const match = contacts.find((c) => contactText(c) === typed) ?? contacts.find((c) => c.name === typed);
    const n = match ? match.id : /^\d+$/.test(typed) ? Number(typed) : null;
    if (n && !value.includes(n)) onChange([...value, n]);
    setText('');
  };
  return (
    <div className="field" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={`${id}-input`}>
        {label}
      </label>
      <div style={{ marginBottom: '0.4em' }} data-testid={`${id}-chips`}>
        {value.length === 0 && <span className="muted">{t('none')}</span>}
        {value.map((uid) => (
          <Label key={uid} as="span" data-id={uid}>
            {names.get(uid) ?? `#${uid}`}
            <button
              type="button"
              className="chip-remove"
              aria-label={`${t('remove')} ${names.get(uid) ?? uid}`}
              onClick={() => onChange(value.filter((v) => v !== uid))}
              style={{ border: 0, background: 'none', cursor: 'pointer', marginLeft: '0.4em' }}
            >
              ×
            </button>
          </Label>
        ))}
      </div>
      <div className="ui action input">
        <input
          id={`${id}-input`}
          type="search"
          list={`${id}-list`}
          value={text}
          placeholder={t('userSearch')}
          autoComplete="off"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <datalist id={`${id}-list`}>
          {contacts.map((c) => (
            <option key={c.id} value={contactText(c)} />
          ))}
        </datalist>
        <Button type="button" onClick={add} aria-label={`${t('add')}: ${label}`} content={t('add')} />
      </div>
    </div>
  );
}

/** A native multiple select (keyboard friendly), with an optional maximum. */
export function MultiSelect({
  id,
  label,
  options,
  value,
  onChange,
  max,
  error,
}: {
  id: string;
  label: string;
  options: Array<{ value: number; text: string }>;
  value: number[];
  onChange: (v: number[]) => void;
  max?: number;
  error?: string;
}) {
  const { t } = useTranslation('room');
  return (
    <div className={error ? 'field error' : 'field'}>
      <label htmlFor={id}>
        {label}
        {max ? ` (${t('maxN', { n: max })})` : ''}
      </label>
      <select
        id={id}
        multiple
        size={Math.min(6, Math.max(3, options.length))}
        value={value.map(String)}
        aria-describedby={error ? `${id}-err` : undefined}
        onChange={(e) => {
          const chosen = Array.from(e.target.selectedOptions).map((o) => Number(o.value));
          onChange(max ? chosen.slice(0, max) : chosen);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      {options.length === 0 && <div className="muted">{t('none')}</div>}
      {error && (
        <div id={`${id}-err`} className="ui pointing above prompt label" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
