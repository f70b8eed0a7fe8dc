/** /sys/setting: every system parameter by group; a group the caller may only view is shown disabled. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Header, Loader, Message, Segment } from 'semantic-ui-react';
import { useCan, useToast } from '../../../app/hooks.ts';
import { Fields, fieldErrorsOf, type FieldDef, type FieldErrors, type Values } from '../../../components/crud/index.ts';
import { humanise, inLang } from '../../../components/format.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { useParamsQuery, useSaveParamsMutation, type ParamView } from '../api.ts';
import { ReleaseNotice } from '../components/ReleaseNotice.tsx';
import '../i18n.ts';

const typeOf = (v: unknown): FieldDef['type'] =>
  typeof v === 'boolean' ? 'checkbox' : typeof v === 'number' ? 'number' : 'text';

export default function SettingScreen() {
  const { t, i18n } = useTranslation('sys');
  const can = useCan();
  const toast = useToast();
  const { data, isLoading } = useParamsQuery();
  const [save, saving] = useSaveParamsMutation();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const params: ParamView[] = data ?? [];
  useEffect(() => setValues(Object.fromEntries(params.map((p) => [p.key, p.paramValue]))), [data]);
  if (isLoading) return <Loader active inline="centered" />;
  const groups = Array.from(new Set(params.map((p) => p.group)));
  const submit = async () => {
    const changed = Object.fromEntries(
      params.filter((p) => p.editable && values[p.key] !== p.paramValue).map((p) => [p.key, values[p.key]]),
    );
    if (!Object.keys(changed).length) return toast('info', t('nothingChanged'));
    const res = await save(changed);
    if ('error' in res) {
      const fe = fieldErrorsOf(res.error);
      setErrors(Object.keys(fe).length ? fe : { _: (res.error as { msg?: string }).msg ?? '' });
    } else {
      setErrors({});
      toast('success', t('saved'));
    }
  };
  return (
    <ScreenFrame title={t('title.setting')} id="setting">
      <ReleaseNotice />
      <Form onSubmit={() => void submit()} error={Object.keys(errors).length > 0} noValidate data-testid="params">
        {Object.keys(errors).length > 0 && (
          <Message error role="alert" list={Object.entries(errors).map(([k, m]) => (k === '_' ? m : `${k}: ${m}`))} />
        )}
        {params.length === 0 && <Message content={t('empty')} />}
        {groups.map((g) => {
          const inGroup = params.filter((p) => p.group === g);
          const fields: FieldDef[] = inGroup.map((p) => ({
            name: p.key,
            label: p.key,
            help: inLang(p.remark, i18n.language),
            type: typeOf(p.paramValue),
          }));
          return (
            <Segment key={g}>
              <Header as="h2" size="small">
                {t(`paramGroup.${g}`, { defaultValue: humanise(g) })}
              </Header>
              <Fields
                idPrefix="param"
                fields={fields}
                values={values}
                errors={errors}
                disabled={!can('params.saveGeneral') || !inGroup.some((p) => p.editable)}
                onChange={(n, v) => setValues((o) => ({ ...o, [n]: v }))}
              />
            </Segment>
          );
        })}
        {can('params.saveGeneral') && (
          <Button type="submit" primary loading={saving.isLoading}>
            {t('save')}
          </Button>
        )}
      </Form>
    </ScreenFrame>
  );
}
