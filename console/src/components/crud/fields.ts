/** Form fields described by data, and the checks made on them before anything is sent. */
import type { ReactNode } from 'react';
import type { FieldErrors } from './FormModal.tsx';

export type Values = Record<string, unknown>;

export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'textarea' | 'checkbox' | 'select' | 'date' | 'password' | 'email' | 'time' | 'custom';
  required?: boolean;
  options?: Array<{ value: string | number; text: string }>;
  /** A select's empty choice (what no value means, "All places"); a dash by default. */
  emptyText?: string;
  min?: number;
  max?: number;
  /** Numbers: whole numbers only. */
  integer?: boolean;
  step?: number | string;
  maxLength?: number;
  help?: string;
  placeholder?: string;
  /** Text fields: the id of a <datalist> whose values are offered as the field is typed in. */
  list?: string;
  /** Fields emptied when this one changes (a floor when its location does). */
  resets?: string[];
  /** Only when creating. */
  createOnly?: boolean;
  /** Extra check: a message when the value is wrong. */
  validate?: (value: unknown, values: Values) => string | null;
  render?: (values: Values, set: (name: string, v: unknown) => void, error?: string) => ReactNode;
}

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmpty(v: unknown): boolean {
  return (
    v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
  );
}

function problem(f: FieldDef, v: unknown, t: Translate): string | null {
  if (isEmpty(v)) return f.required ? t('form.required') : null;
  if (f.type === 'number') {
    const n = Number(v);
    if (!Number.isFinite(n)) return t('form.number');
    if (f.integer && !Number.isInteger(n)) return t('form.integer');
    if (f.min !== undefined && n < f.min) return t('form.min', { min: f.min });
    if (f.max !== undefined && n > f.max) return t('form.max', { max: f.max });
  }
  if (f.maxLength && typeof v === 'string' && v.trim().length > f.maxLength)
    return t('form.maxLength', { max: f.maxLength });
  if (f.type === 'email' && !EMAIL_RE.test(String(v).trim())) return t('form.email');
  return null;
}

/** The client-side errors of `values` against `fields`, by field name (`t` reads the 'crud' texts). */
export function checkFields(fields: FieldDef[], values: Values, t: Translate, creating: boolean): FieldErrors {
  const errors: FieldErrors = {};
  for (const f of fields) {
    if (f.createOnly && !creating) continue;
    const v = values[f.name];
    const message = problem(f, v, t) ?? f.validate?.(v, values) ?? null;
    if (message) errors[f.name] = message;
  }
  return errors;
}
