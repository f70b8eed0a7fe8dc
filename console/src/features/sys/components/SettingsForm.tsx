/** A settings object edited as one form (settings-fields.ts); saved whole, the server's field errors shown. */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Loader, Message, Segment } from 'semantic-ui-react';
import { useCan, useToast, type Allowance } from '../../../app/hooks.ts';
import {
  checkFields,
  Fields,
  fieldErrorsOf,
  type FieldDef,
  type FieldErrors,
  type Outcome,
  type Values,
} from '../../../components/crud/index.ts';
import { humanise } from '../../../components/format.ts';
import { settingsBody, settingsFields, flatten, type Settings } from './settings-fields.ts';

interface Props {
  testId: string;
  title?: string;
  /** The settings as read; undefined while they load. */
  data: Settings | undefined;
  loading: boolean;
  error?: unknown;
  /** What allows saving, e.g. params.saveSecurity. */
  savePerm: Allowance;
  save: (body: Settings) => Promise<Outcome>;
  saving: boolean;
  /** Extra checks before saving (the fields' own limits are checked too). */
  validate?: (values: Values) => FieldErrors;
  /** Fields described explicitly (by name); others are derived from the value. */
  overrides?: Record<string, Partial<FieldDef>>;
  footer?: ReactNode;
  /**
   * Fields the server leaves out until they are first saved (required ones without a
   * default, e.g. the LDAP server URL), with their empty value; shown first.
   */
  blank?: Settings;
}

export function SettingsForm({
  testId,
  title,
  data,
  loading,
  error,
  savePerm,
  save,
  saving,
  validate,
  overrides = {},
  footer,
  blank,
}: Props) {
  const { t } = useTranslation('sys');
  const { t: tc } = useTranslation('crud');
  const can = useCan();
  const toast = useToast();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const original: Settings = { ...blank, ...data };
  useEffect(() => {
    if (data) setValues(flatten({ ...blank, ...data }));
  }, [data]);
  if (loading) return <Loader active inline="centered" />;
  if (error || !data) return <Message warning content={(error as { msg?: string } | undefined)?.msg || t('empty')} />;

  const label = (name: string, fallback: string) => String(t(`field.${name}`, { defaultValue: fallback }));
  const fields = settingsFields(
    original,
    { label, secretSet: t('secretSet'), secretNotSet: t('secretNotSet'), secretHelp: t('secretHelp') },
    overrides,
  );
  const submit = async () => {
    const errs = { ...checkFields(fields, values, (k, o) => String(tc(k, o ?? {})), true), ...validate?.(values) };
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const res = await save(settingsBody(original, values));
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      const msg = (res.error as { msg?: string } | null)?.msg ?? '';
      setErrors(Object.keys(fe).length ? fe : { _: msg });
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
            list={Object.entries(errors).map(([f, m]) => (f === '_' ? m : `${label(f, humanise(f))}: ${m}`))}
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
          <Button type="submit" primary loading={saving} disabled={saving} data-testid={`${testId}-save`}>
            {t('save')}
          </Button>
        )}
      </Form>
    </Segment>
  );
}
