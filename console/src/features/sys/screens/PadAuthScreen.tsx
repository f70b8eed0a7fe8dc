/** /sys/padauth: the door tablet settings; at least one way to authenticate a booking on the tablet. */
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import type { FieldErrors } from '../../../components/crud/index.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';
import { useSettingsGroup } from '../components/useSettingsGroup.ts';
import '../i18n.ts';

/** The tablet's authentication methods the server knows, stored as `|password|qr|`. */
const METHODS = ['password', 'card', 'qr', 'face'];
const chosenOf = (v: unknown) =>
  String(v ?? '')
    .split('|')
    .filter(Boolean);

export default function PadAuthScreen() {
  const { t } = useTranslation('sys');
  const group = useSettingsGroup('/sys/settings/pad');
  return (
    <ScreenFrame title={t('title.padauth')} id="padauth">
      <SettingsForm
        {...group}
        savePerm="params.savePad"
        testId="pad"
        overrides={{
          padAuthMethods: {
            type: 'custom',
            render: (v, set, error) => {
              const chosen = chosenOf(v.padAuthMethods);
              return (
                <Form.Field required error={Boolean(error)}>
                  <fieldset style={{ border: 0, padding: 0 }}>
                    <legend style={{ fontWeight: 700 }}>{t('field.padAuthMethods')}</legend>
                    {Array.from(new Set([...METHODS, ...chosen])).map((m) => (
                      <Form.Checkbox
                        key={m}
                        id={`pad-auth-${m}`}
                        label={t(`pad.${m}`, { defaultValue: m })}
                        checked={chosen.includes(m)}
                        onChange={(_, d) => {
                          const next = d.checked ? [...chosen, m] : chosen.filter((x) => x !== m);
                          set('padAuthMethods', next.length ? `|${next.join('|')}|` : '');
                        }}
                      />
                    ))}
                  </fieldset>
                  {error && (
                    <div className="ui pointing above prompt label" role="alert">
                      {error}
                    </div>
                  )}
                </Form.Field>
              );
            },
          },
        }}
        validate={(v): FieldErrors =>
          chosenOf(v.padAuthMethods).length ? {} : { padAuthMethods: String(t('pad.oneMethod')) }
        }
      />
    </ScreenFrame>
  );
}
