/**
 * The create-and-edit form of a CRUD screen: which row is open (null when
 * creating), the draft, the errors (the browser's checks first, then the
 * server's field errors) and the save.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../app/hooks.ts';
import { useDraft } from './draft.ts';
import { checkFields, type FieldDef, type Values } from './fields.ts';
import { fieldErrorsOf, type FieldErrors } from './FormModal.tsx';
import type { SaveHook } from './hooks.ts';
import './texts.ts';

export interface CrudFormOptions<Row, Body> {
  save?: SaveHook<Body>;
  /** The form's fields for the values being edited (and the row, null when new). */
  fields: (values: Values, editing: Row | null | undefined) => FieldDef[];
  idOf: (row: Row) => number;
  toForm?: (row: Row | null) => Values;
  toBody?: (values: Values, creating: boolean) => Body;
  /** Reads the whole item before editing it (a list row may lack details). */
  load?: (row: Row) => Promise<Row | null>;
  onSaved?: (answer: unknown, creating: boolean) => void;
  savedText?: string;
}

const SAVE_NOTHING: SaveHook<never> = () => [() => Promise.resolve({ error: null }), { isLoading: false }] as const;

export function useCrudForm<Row, Body>(o: CrudFormOptions<Row, Body>) {
  const { t } = useTranslation('crud');
  const toast = useToast();
  const [save, saving] = (o.save ?? (SAVE_NOTHING as SaveHook<Body>))();
  // undefined: closed; null: a new item.
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [values, draft] = useDraft<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const creating = editing === null;
  const fields = o.fields(values, editing);

  /** Opens the form on a row, or empty for a new one (`values` start it otherwise). */
  const open = async (row: Row | null, values?: Values) => {
    const full = row && o.load ? await o.load(row) : row;
    if (row && !full) return;
    draft.reset(values ?? (o.toForm ? o.toForm(full) : { ...(full ?? {}) }));
    setErrors({});
    setEditing(full);
  };
  const close = () => setEditing(undefined);
  const submit = async () => {
    const local = checkFields(fields, values, (k, opts) => String(t(k, opts ?? {})), creating);
    setErrors(local);
    if (Object.keys(local).length) return;
    const body = o.toBody ? o.toBody(values, creating) : (values as Body);
    const res = await save({ id: editing ? o.idOf(editing) : null, body });
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      const msg = (res.error as { msg?: string } | null)?.msg;
      setErrors(Object.keys(fe).length || !msg ? fe : { _: msg });
      return;
    }
    toast('success', o.savedText ?? t('saved'));
    setEditing(undefined);
    o.onSaved?.(res.data, creating);
  };
  return {
    editing,
    creating,
    values,
    set: (name: string, value: unknown) => draft.set(name, value),
    errors,
    fields,
    saving: saving.isLoading,
    open,
    close,
    submit,
  };
}
