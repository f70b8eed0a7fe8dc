/**
 * A settings object edited as a form: booleans as checkboxes, numbers and
 * texts as inputs, secrets ({ set }) write-only, nested objects one level
 * deep. Saved with PUT to the same path; the server's field errors shown.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Loader, Message, Segment } from 'semantic-ui-react';
import { fieldErrorsOf, type FieldErrors } from '../../../components/crud/index.ts';
import { useSysGetQuery, useSysSaveMutation, type SaveArgs } from '../api.ts';
import { Fields, type FieldDef, type Values } from './Fields.tsx';
import { errorMessage, humanise, useCan, useToast } from './common.tsx';

interface Props {
  path: string;
  /** Permission to save, e.g. sys:security:save. */
  savePerm: string;
  testId: string;
  title?: string;
  /** Extra checks before saving. */
  validate?: (values: Values) => FieldErrors;
  /** Fields described explicitly (by name); others are derived from the value. */
  overrides?: Record<string, Partial<FieldDef>>;
  method?: 'PUT' | 'POST';
  savePath?: string;
  footer?: ReactNode;
  /**
   * Fields the server leaves out until they are first saved (required ones without a
   * default, e.g. the LDAP server URL), with their empty value; shown first.
   */
  blank?: Record<string, unknown>;
  /** Saves instead of the plain call (one that asks for the current password, for one). */
  saveWith?: (args: SaveArgs) => Promise<{ data?: unknown; error?: unknown }>;
}

const isSecret = (v: unknown) =>
  Boolean(v) &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  'set' in (v as object) &&
  Object.keys(v as object).length === 1;

function flatten(data: Record<string, unknown>): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(data)) {
    if (isSecret(v)) out[k] = '';
    else if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [k2, v2] of Object.entries(v)) out[`${k}.${k2}`] = v2;
    else out[k] = v;
  }
  return out;
}

export function SettingsForm({
  path,
  savePerm,
  testId,
  title,
  validate,
  overrides = {},
  method = 'PUT',
  savePath,
  footer,
  blank,
  saveWith,
}: Props) {
  const { t } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const { data, isLoading, error } = useSysGetQuery({ path });
  const [save, saving] = useSysSaveMutation();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const original = { ...blank, ...(data as Record<string, unknown> | undefined) };
  useEffect(() => {
    if (data) setValues(flatten({ ...blank, ...(data as Record<string, unknown>) }));
  }, [data]);
  if (isLoading) return <Loader active inline="centered" />;
  if (error || !data) return <Message warning content={errorMessage(error) || t('empty')} />;

  const fields: FieldDef[] = Object.keys(flatten(original))
    .filter((k) => !['id', 'createdAt', 'updatedAt'].includes(k))
    .map((name) => {
      const top = name.split('.')[0] as string;
      const sample = name.includes('.')
        ? (original[top] as Record<string, unknown>)[name.slice(top.length + 1)]
        : original[name];
      const label = String(
        t(`field.${name}`, {
          defaultValue: humanise(name.includes('.') ? `${humanise(top)} · ${name.slice(top.length + 1)}` : name),
        }),
      );
      const base: FieldDef = isSecret(original[name])
        ? {
            name,
            label,
            type: 'password',
            placeholder: (original[name] as { set: boolean }).set ? t('secretSet') : t('secretNotSet'),
            help: t('secretHelp'),
          }
        : typeof sample === 'boolean'
          ? { name, label, type: 'checkbox' }
          : typeof sample === 'number'
            ? { name, label, type: 'number' }
            : { name, label, type: 'text' };
      return { ...base, ...overrides[name] };
    });

  const submit = async () => {
    const errs = validate?.(values) ?? {};
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const body: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      if (isSecret(original[k])) {
        if (v) body[k] = v;
        continue;
      }
      const top = k.split('.')[0] as string;
      if (k.includes('.')) body[top] = { ...(body[top] as object | undefined), [k.slice(top.length + 1)]: v };
      else body[k] = v;
    }
    const res = await (saveWith ?? save)({ path: savePath ?? path, body, method });
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      setErrors(Object.keys(fe).length ? fe : { _: errorMessage(res.error) });
      return;
    }
    toast('success', t('saved'));
  };
  const canSave = can(savePerm);
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Segment>
      {title && <h2 className="ui small header">{title}</h2>}
      <Form onSubmit={() => void submit()} error={hasErrors} noValidate data-testid={testId} aria-label={title}>
        {hasErrors && (
          <Message
            error
            role="alert"
            header={t('fixFields')}
            list={Object.entries(errors).map(([f, m]) =>
              f === '_' ? m : `${String(t(`field.${f}`, { defaultValue: humanise(f) }))}: ${m}`,
            )}
          />
        )}
        <Fields
          idPrefix={testId}
          fields={fields}
          values={values}
          errors={errors}
          disabled={!canSave}
          onChange={(name, v) => setValues((old) => ({ ...old, [name]: v }))}
        />
        {footer}
        {canSave && (
          <Button
            type="submit"
            primary
            loading={saving.isLoading}
            disabled={saving.isLoading}
            data-testid={`${testId}-save`}
          >
            {t('save')}
          </Button>
        )}
      </Form>
    </Segment>
  );
}
