/** Form fields described by data: text, number, textarea, checkbox, select, date, password; with client-side checks. */
import type { ReactNode } from 'react';
import { Form } from 'semantic-ui-react';
import { errorFor, type FieldErrors } from '../../../components/crud/index.ts';

export type Values = Record<string, unknown>;

export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'textarea' | 'checkbox' | 'select' | 'date' | 'password' | 'email' | 'time' | 'custom';
  required?: boolean;
  options?: Array<{ value: string | number; text: string }>;
  min?: number;
  max?: number;
  maxLength?: number;
  help?: string;
  placeholder?: string;
  /** Only when creating. */
  createOnly?: boolean;
  /** Extra check: a message when the value is wrong. */
  validate?: (value: unknown, values: Values) => string | null;
  render?: (values: Values, set: (name: string, v: unknown) => void, error?: string) => ReactNode;
}

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_RE = /^\+?[0-9 ()-]{3,20}$/;

/** The client-side errors of `values` against `fields`, by field name. */
export function checkFields(
  fields: FieldDef[],
  values: Values,
  t: (k: string, o?: Record<string, unknown>) => string,
  creating: boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of fields) {
    if (f.createOnly && !creating) continue;
    const v = values[f.name];
    const empty =
      v === undefined ||
      v === null ||
      (typeof v === 'string' && v.trim() === '') ||
      (Array.isArray(v) && v.length === 0);
    if (f.required && empty) errors[f.name] = t('form.required');
    else if (!empty && f.type === 'number') {
      const n = Number(v);
      if (!Number.isFinite(n)) errors[f.name] = t('form.number');
      else if (f.min !== undefined && n < f.min) errors[f.name] = t('form.min', { min: f.min });
      else if (f.max !== undefined && n > f.max) errors[f.name] = t('form.max', { max: f.max });
    } else if (!empty && f.maxLength && typeof v === 'string' && v.length > f.maxLength)
      errors[f.name] = t('form.maxLength', { max: f.maxLength });
    else if (!empty && f.type === 'email' && !EMAIL_RE.test(String(v))) errors[f.name] = t('form.email');
    if (!errors[f.name] && f.validate) {
      const msg = f.validate(v, values);
      if (msg) errors[f.name] = msg;
    }
  }
  return errors;
}

interface Props {
  idPrefix: string;
  fields: FieldDef[];
  values: Values;
  onChange: (name: string, value: unknown) => void;
  errors: FieldErrors;
  creating?: boolean;
  disabled?: boolean;
}

export function Fields({ idPrefix, fields, values, onChange, errors, creating = false, disabled }: Props) {
  return (
    <>
      {fields
        .filter((f) => !f.createOnly || creating)
        .map((f) => {
          const id = `${idPrefix}-${f.name.replace(/[^\w-]/g, '-')}`;
          const error = errorFor(errors, f.name);
          const v = values[f.name];
          const helpId = f.help ? `${id}-help` : undefined;
          const help = f.help ? (
            <small id={helpId} className="field-help" style={{ color: '#555', display: 'block' }}>
              {f.help}
            </small>
          ) : null;
          if (f.type === 'custom' && f.render)
            return <div key={f.name}>{f.render(values, onChange, errors[f.name])}</div>;
          if (f.type === 'checkbox') {
            return (
              <Form.Field key={f.name} error={Boolean(error)}>
                <Form.Checkbox
                  id={id}
                  label={f.label}
                  checked={Boolean(v)}
                  disabled={disabled}
                  onChange={(_, d) => onChange(f.name, Boolean(d.checked))}
                  aria-describedby={helpId}
                />
                {help}
                {error && (
                  <div className="ui pointing above prompt label" role="alert">
                    {error.content}
                  </div>
                )}
              </Form.Field>
            );
          }
          if (f.type === 'select') {
            return (
              <Form.Field key={f.name} required={f.required} error={Boolean(error)}>
                <label htmlFor={id}>{f.label}</label>
                <select
                  id={id}
                  className="ui dropdown"
                  value={v === undefined || v === null ? '' : String(v)}
                  disabled={disabled}
                  aria-describedby={helpId}
                  onChange={(e) => {
                    const opt = f.options?.find((o) => String(o.value) === e.target.value);
                    onChange(f.name, opt ? opt.value : e.target.value);
                  }}
                >
                  {!f.required && <option value="">—</option>}
                  {f.options?.map((o) => (
                    <option key={String(o.value)} value={String(o.value)}>
                      {o.text}
                    </option>
                  ))}
                </select>
                {help}
                {error && (
                  <div className="ui pointing above prompt label" role="alert">
                    {error.content}
                  </div>
                )}
              </Form.Field>
            );
          }
          if (f.type === 'textarea') {
            return (
              <Form.Field key={f.name} required={f.required} error={Boolean(error)}>
                <label htmlFor={id}>{f.label}</label>
                <textarea
                  id={id}
                  rows={4}
                  value={v === undefined || v === null ? '' : String(v)}
                  disabled={disabled}
                  aria-describedby={helpId}
                  onChange={(e) => onChange(f.name, e.target.value)}
                />
                {help}
                {error && (
                  <div className="ui pointing above prompt label" role="alert">
                    {error.content}
                  </div>
                )}
              </Form.Field>
            );
          }
          const inputType = f.type === 'email' ? 'email' : (f.type ?? 'text');
          return (
            <Form.Field key={f.name} required={f.required} error={Boolean(error)}>
              <label htmlFor={id}>{f.label}</label>
              <input
                id={id}
                name={f.name}
                type={inputType}
                value={v === undefined || v === null ? '' : String(v)}
                disabled={disabled}
                placeholder={f.placeholder}
                min={f.min}
                max={f.max}
                aria-describedby={helpId}
                aria-invalid={Boolean(error)}
                autoComplete={f.type === 'password' ? 'new-password' : 'off'}
                onChange={(e) =>
                  onChange(
                    f.name,
                    f.type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value,
                  )
                }
              />
              {help}
              {error && (
                <div className="ui pointing above prompt label" role="alert" data-testid={`error-${f.name}`}>
                  {error.content}
                </div>
              )}
            </Form.Field>
          );
        })}
    </>
  );
}
