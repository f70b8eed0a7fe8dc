/** Renders form fields described by data (fields.ts): each with its label, help and error where it belongs. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import type { FieldErrors } from './FormModal.tsx';
import type { FieldDef, Values } from './fields.ts';
import './texts.ts';

interface Props {
  idPrefix: string;
  fields: FieldDef[];
  values: Values;
  onChange: (name: string, value: unknown) => void;
  errors: FieldErrors;
  creating?: boolean;
  disabled?: boolean;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The parts every field shares around its control. */
function Shell({
  f,
  id,
  error,
  label = true,
  children,
}: {
  f: FieldDef;
  id: string;
  error?: string;
  label?: boolean;
  children: ReactNode;
}) {
  return (
    <Form.Field required={label && f.required} error={Boolean(error)}>
      {label && <label htmlFor={id}>{f.label}</label>}
      {children}
      {f.help && (
        <small id={`${id}-help`} className="field-help" style={{ color: '#555', display: 'block' }}>
          {f.help}
        </small>
      )}
      {error && (
        <div className="ui pointing above prompt label" role="alert" data-testid={`error-${f.name}`}>
          {error}
        </div>
      )}
    </Form.Field>
  );
}

function Control({
  f,
  id,
  value,
  onChange,
  disabled,
  invalid,
}: {
  f: FieldDef;
  id: string;
  value: unknown;
  onChange: (v: unknown) => void;
  disabled?: boolean;
  invalid: boolean;
}) {
  const { t } = useTranslation('crud');
  const describedBy = f.help ? `${id}-help` : undefined;
  if (f.type === 'checkbox')
    return (
      <Form.Checkbox
        id={id}
        label={f.label}
        checked={Boolean(value)}
        disabled={disabled}
        onChange={(_, d) => onChange(Boolean(d.checked))}
        aria-describedby={describedBy}
      />
    );
  if (f.type === 'select')
    return (
      <select
        id={id}
        className="ui dropdown"
        value={text(value)}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(e) => onChange(f.options?.find((o) => String(o.value) === e.target.value)?.value ?? e.target.value)}
      >
        <option value="" disabled={f.required}>
          {f.required ? t('choose') : (f.emptyText ?? '—')}
        </option>
        {f.options?.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.text}
          </option>
        ))}
      </select>
    );
  if (f.type === 'textarea')
    return (
      <textarea
        id={id}
        rows={4}
        value={text(value)}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <input
      id={id}
      name={f.name}
      type={f.type === 'custom' ? 'text' : (f.type ?? 'text')}
      value={text(value)}
      disabled={disabled}
      placeholder={f.placeholder}
      list={f.list}
      min={f.min}
      max={f.max}
      step={f.step}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      autoComplete={f.type === 'password' ? 'new-password' : 'off'}
      onChange={(e) => onChange(f.type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value)}
    />
  );
}

export function Fields({ idPrefix, fields, values, onChange, errors, creating = false, disabled }: Props) {
  return (
    <>
      {fields
        .filter((f) => !f.createOnly || creating)
        .map((f) => {
          if (f.type === 'custom' && f.render)
            return <div key={f.name}>{f.render(values, onChange, errors[f.name])}</div>;
          const id = `${idPrefix}-${f.name.replace(/[^\w-]/g, '-')}`;
          return (
            <Shell key={f.name} f={f} id={id} error={errors[f.name]} label={f.type !== 'checkbox'}>
              <Control
                f={f}
                id={id}
                value={values[f.name]}
                disabled={disabled}
                invalid={Boolean(errors[f.name])}
                onChange={(v) => {
                  onChange(f.name, v);
                  for (const other of f.resets ?? []) onChange(other, null);
                }}
              />
            </Shell>
          );
        })}
    </>
  );
}
