/**
 * A department of the tree (GET /sys/departments, R21.7), searched as one types: each shown indented under its
 * parent with its head count, chosen by its path. The texts come from the screen using it (its own namespace).
 * Whether the tree may be read is the caller's business: see useDepartmentChoices.
 */
import { Dropdown, Form } from 'semantic-ui-react';
import { useCan } from '../../../app/hooks.ts';
import { useDepartmentsQuery, type Department } from '../api.ts';

/** The departments, or null when the caller may not read them (or the server refused). */
export function useDepartmentChoices(): Department[] | null {
  const can = useCan();
  const allowed = can('sys:admin:view');
  const { data, error } = useDepartmentsQuery(undefined, { skip: !allowed });
  if (!allowed || error) return null;
  return data ?? [];
}

interface Props {
  id: string;
  label: string;
  departments: Department[];
  /** The chosen path; '' for none. */
  value: string;
  onChange: (path: string) => void;
  /** The choice of no department ("All departments"); without it a department must be chosen. */
  emptyText?: string;
  placeholder?: string;
  noResults: string;
  help?: string;
  error?: string;
  disabled?: boolean;
  testId?: string;
}

export function DepartmentPicker(p: Props) {
  const described = p.help ? `${p.id}-help` : undefined;
  const options = p.departments.map((d) => ({
    key: d.path,
    value: d.path,
    // Searched and shown once chosen: the whole path; the list shows the tree by indentation.
    text: d.path,
    content: (
      <span style={{ paddingLeft: `${d.depth * 1.25}em`, display: 'inline-block' }} data-path={d.path}>
        {d.name} <span className="muted">({d.people})</span>
      </span>
    ),
  }));
  if (p.value && !options.some((o) => o.value === p.value))
    options.unshift({ key: p.value, value: p.value, text: p.value, content: <span>{p.value}</span> });
  if (p.emptyText !== undefined)
    options.unshift({ key: '', value: '', text: p.emptyText, content: <span>{p.emptyText}</span> });
  return (
    <Form.Field error={Boolean(p.error)} disabled={p.disabled}>
      <label htmlFor={p.id}>{p.label}</label>
      <Dropdown
        fluid
        search
        selection
        disabled={p.disabled}
        data-testid={p.testId}
        aria-label={p.label}
        searchInput={{ id: p.id, 'aria-label': p.label, 'aria-describedby': described }}
        options={options}
        value={p.value}
        placeholder={p.placeholder ?? p.emptyText}
        selectOnBlur={false}
        onChange={(_, d) => p.onChange(String(d.value ?? ''))}
        noResultsMessage={p.noResults}
      />
      {p.help && (
        <small id={described} className="field-help" style={{ color: '#555', display: 'block' }}>
          {p.help}
        </small>
      )}
      {p.error && (
        <div className="ui pointing above prompt label" role="alert">
          {p.error}
        </div>
      )}
    </Form.Field>
  );
}
