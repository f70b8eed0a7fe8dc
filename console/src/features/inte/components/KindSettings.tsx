/**
 * A kind's provider and its settings: the provider choice ("none" included),
 * the form generated from the provider's JSON Schema (secrets write-only),
 * save and a connection test with the values as typed.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Icon, Message } from 'semantic-ui-react';
import { useCan, useToast } from '../../../app/hooks.ts';
import { checkFields, Fields, fieldErrorsOf, type FieldErrors, type Values } from '../../../components/crud/index.ts';
import { humanise, inLang } from '../../../components/format.ts';
import {
  useSaveInteSettingsMutation,
  useTestInteSettingsMutation,
  type KindInfo,
  type SettingsView,
  type TestAnswer,
} from '../api.ts';
import { initialValues, schemaErrors, schemaFields, settingsBody } from './schemaForm.ts';

const messageOf = (error: unknown) => (error as { msg?: string } | undefined)?.msg ?? '';

export function KindSettings({ kind, view, title }: { kind: KindInfo; view: SettingsView; title: string }) {
  const { t, i18n } = useTranslation('inte');
  const lang = i18n.language;
  const can = useCan();
  const toast = useToast();
  const [save, saving] = useSaveInteSettingsMutation();
  const [test, testing] = useTestInteSettingsMutation();
  const [providerId, setProviderId] = useState(view.provider || 'none');
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<TestAnswer | null>(null);
  const provider = kind.providers.find((p) => p.id === providerId);
  const choose = (id: string) => {
    const p = kind.providers.find((x) => x.id === id);
    setProviderId(id);
    setValues(p ? initialValues(p, id === view.provider ? view.settings : {}) : {});
    setErrors({});
    setResult(null);
  };
  useEffect(() => choose(view.provider || 'none'), [kind.kind, view]);

  const secretsSet = providerId === view.provider ? view.secretsSet : {};
  const fields = provider
    ? schemaFields(provider, lang, (n) => String(t(`fields.${n}`, { defaultValue: humanise(n) })), secretsSet, {
        set: t('secretSet'),
        notSet: t('secretNotSet'),
      })
    : [];
  const validate = (): boolean => {
    if (!provider) return true;
    const errs = {
      ...schemaErrors(provider, values, {
        integer: t('form.integer'),
        minLength: (n) => t('form.minLength', { min: n }),
        pattern: t('form.pattern'),
        url: t('form.url'),
        json: t('form.json'),
        email: t('form.email'),
      }),
      ...checkFields(fields, values, (k, o) => String(t(k, o ?? {})), true),
    };
    setErrors(errs);
    return Object.keys(errs).length === 0;
  };
  /** The server's field errors name `settings.<field>`; the form's fields are the settings. */
  const serverErrors = (error: unknown) => {
    const mapped: FieldErrors = {};
    for (const [k, m] of Object.entries(fieldErrorsOf(error))) mapped[k.replace(/^settings\./, '')] = m;
    setErrors(Object.keys(mapped).length ? mapped : { _: messageOf(error) });
  };
  const body = () => ({ provider: providerId, settings: provider ? settingsBody(provider, values) : {} });
  const submit = async () => {
    if (!validate()) return;
    const res = await save({ kind: kind.kind, body: body() });
    if ('error' in res) return serverErrors(res.error);
    setErrors({});
    toast('success', t('saved'));
  };
  const runTest = async () => {
    if (!validate()) return;
    setResult(null);
    const res = await test({ kind: kind.kind, body: body() });
    if ('error' in res) return serverErrors(res.error);
    setResult(res.data);
  };
  const canSave = can(`inte:${kind.screen}:save`);
  const hasErrors = Object.keys(errors).length > 0;
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return (
    <>
      <Form onSubmit={() => void submit()} error={hasErrors} noValidate data-testid="inte-form" aria-label={title}>
        {hasErrors && (
          <Message
            error
            role="alert"
            header={t('fixFields')}
            list={Object.entries(errors).map(([f, m]) => (f === '_' ? m : `${label(f)}: ${m}`))}
          />
        )}
        <Form.Field required>
          <label htmlFor="inte-provider">{t('provider')}</label>
          <select
            id="inte-provider"
            className="ui dropdown"
            value={providerId}
            disabled={!canSave}
            data-testid="inte-provider"
            onChange={(e) => choose(e.target.value)}
          >
            {kind.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {inLang(p.names, lang)}
              </option>
            ))}
          </select>
        </Form.Field>
        {providerId === 'none' && <Message info content={t('noneHelp')} />}
        <Fields
          idPrefix="inte"
          fields={fields}
          values={values}
          errors={errors}
          disabled={!canSave}
          creating
          onChange={(n, v) => setValues((o) => ({ ...o, [n]: v }))}
        />
        {fields.some((f) => f.type === 'password') && (
          <p style={{ color: '#555' }}>
            <Icon name="lock" aria-hidden="true" />
            {t('secretHelp')}
          </p>
        )}
        {canSave && (
          <>
            <Button
              type="submit"
              primary
              loading={saving.isLoading}
              disabled={saving.isLoading}
              data-testid="inte-save"
            >
              {t('save')}
            </Button>
            <Button
              type="button"
              basic
              loading={testing.isLoading}
              disabled={testing.isLoading || providerId === 'none'}
              onClick={() => void runTest()}
              data-testid="inte-test"
            >
              {t('test')}
            </Button>
          </>
        )}
      </Form>
      {result && (
        <Message
          positive={result.ok}
          negative={!result.ok}
          role="status"
          data-testid="inte-test-result"
          header={result.ok ? t('testOk', { ms: result.ms }) : t('testFailed')}
          content={result.detail ?? undefined}
        />
      )}
    </>
  );
}
