/** The roles of a user: a checkbox per role the caller may give (at least one). */
import { useTranslation } from 'react-i18next';
import { Checkbox, Form } from 'semantic-ui-react';
import { CHOICES } from '../../../../app/endpoints.ts';
import { useRoleListQuery } from '../../api.ts';

export function RolePicker({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange: (v: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('sys');
  const { data } = useRoleListQuery({ ...CHOICES, pageSize: 100, assignable: true });
  return (
    <Form.Field required error={Boolean(error)}>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={error ? 'roles-error' : undefined}>
        <legend style={{ fontWeight: 700, fontSize: '.93em', marginBottom: '.3em' }}>{t('user.roles')} *</legend>
        {(data?.items ?? []).map((r) => (
          <Checkbox
            key={r.id}
            id={`role-${r.id}`}
            label={r.name}
            style={{ marginRight: '1.5em' }}
            checked={value.includes(r.id)}
            onChange={(_, d) => onChange(d.checked ? [...value, r.id] : value.filter((x) => x !== r.id))}
          />
        ))}
      </fieldset>
      {error && (
        <div id="roles-error" className="ui pointing above prompt label" role="alert">
          {error}
        </div>
      )}
    </Form.Field>
  );
}
