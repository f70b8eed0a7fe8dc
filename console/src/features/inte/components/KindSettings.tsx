/**
 * A kind's provider and its settings: the provider choice ("none" included),
 * the form generated from the provider's JSON Schema (secrets write-only),
 * save and a connection test with the values as typed.
 */
import { useTranslation } from 'react-i18next';
import { Button, Form, Icon, Message } from 'semantic-ui-react';
import { useCan } from '../../../app/hooks.ts';
import { Fields } from '../../../components/crud/index.ts';
import { inLang } from '../../../components/format.ts';
import type { KindInfo, SettingsView } from '../api.ts';
import { useKindForm } from './useKindForm.ts';

export function KindSettings({ kind, view, title }: { kind: KindInfo; view: SettingsView; title: string }) {
  const { t, i18n } = useTranslation('inte');
  const can = useCan();
  const form = useKindForm(kind, view);
  const { errors, fields, result } = form;
  const canSave = can(`integrations.${kind.kind}.save`);
  const hasErrors = Object.keys(errors).length > 0;
  const label = (name: string) => fields.find((f) => f.name === name)?.label ?? name;
  return (
    <>
      <Form onSubmit={() => void form.submit()} error={hasErrors} noValidate data-testid="inte-form" aria-label={title}>
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
            value={form.providerId}
            disabled={!canSave}
            data-testid="inte-provider"
            onChange={(e) => form.choose(e.target.value)}
          >
            {kind.providers.map((p) => (
              <option key={p.id} value={p.id}>
                {inLang(p.names, i18n.language)}
              </option>
            ))}
          </select>
        </Form.Field>
        {form.providerId === 'none' && <Message info content={t('noneHelp')} />}
        <Fields
          idPrefix="inte"
          fields={fields}
          values={form.values}
          errors={errors}
          disabled={!canSave}
          creating
          onChange={form.set}
        />
        {fields.some((f) => f.type === 'password') && (
          <p style={{ color: '#555' }}>
            <Icon name="lock" aria-hidden="true" />
            {t('secretHelp')}
          </p>
        )}
        {canSave && (
          <>
            <Button type="submit" primary loading={form.saving} disabled={form.saving} data-testid="inte-save">
              {t('save')}
            </Button>
            <Button
              type="button"
              basic
              loading={form.testing}
              disabled={form.testing || form.providerId === 'none'}
              onClick={() => void form.test()}
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
