/**
 * The state of a kind's settings form: the chosen provider, its values (from
 * the saved settings when it is the saved provider), the errors (the schema's
 * checks, then the server's) and the save and test calls.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../app/hooks.ts';
import { checkFields, fieldErrorsOf, type FieldErrors, type Values } from '../../../components/crud/index.ts';
import { humanise } from '../../../components/format.ts';
import {
  useSaveInteSettingsMutation,
  useTestInteSettingsMutation,
  type KindInfo,
  type SettingsView,
  type TestAnswer,
} from '../api.ts';
import { initialValues, schemaErrors, schemaFields, settingsBody } from './schemaForm.ts';

const messageOf = (error: unknown) => (error as { msg?: string } | undefined)?.msg ?? '';

export function useKindForm(kind: KindInfo, view: SettingsView) {
  const { t, i18n } = useTranslation('inte');
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

  const fields = provider
    ? schemaFields(
        provider,
        i18n.language,
        (n) => String(t(`fields.${n}`, { defaultValue: humanise(n) })),
        providerId === view.provider ? view.secretsSet : {},
        { set: t('secretSet'), notSet: t('secretNotSet') },
      )
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
  return {
    providerId,
    choose,
    fields,
    values,
    set: (name: string, value: unknown) => setValues((old) => ({ ...old, [name]: value })),
    errors,
    result,
    saving: saving.isLoading,
    testing: testing.isLoading,
    submit: async () => {
      if (!validate()) return;
      const res = await save({ kind: kind.kind, body: body() });
      if ('error' in res) return serverErrors(res.error);
      setErrors({});
      toast('success', t('saved'));
    },
    test: async () => {
      if (!validate()) return;
      setResult(null);
      const res = await test({ kind: kind.kind, body: body() });
      if ('error' in res) return serverErrors(res.error);
      setResult(res.data);
    },
  };
}
