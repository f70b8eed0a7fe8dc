/** /sys/security: the password policy and sign-in limits, the single sign-on methods, the linked identities. */
import { useTranslation } from 'react-i18next';
import { Tab } from 'semantic-ui-react';
import type { FieldErrors, Values } from '../../../components/crud/index.ts';
import { keysOf } from '../../../components/format.ts';
import { ScreenFrame } from '../../../components/ScreenFrame.tsx';
import { LinkedIdentities } from '../components/security/LinkedIdentities.tsx';
import { SsoSettings, type SsoMethod } from '../components/security/SsoSettings.tsx';
import { SettingsForm } from '../components/SettingsForm.tsx';
import { useSettingsGroup } from '../components/useSettingsGroup.ts';
import '../i18n.ts';

const SSO_METHODS = keysOf<SsoMethod>({ ldap: true, oidc: true, saml: true });
/** The parameter catalogue's bounds for the security group's whole numbers. */
const BOUNDS: Record<string, [number, number]> = {
  passwordMinLength: [1, 50],
  passwordMaxLength: [1, 50],
  passwordValidityDays: [0, 3650],
  passwordPromptDays: [1, 3650],
  signInFreeFailures: [1, 100],
  signInMaxDelaySeconds: [10, 3600],
  sessionMaxDays: [1, 365],
};

function Policy() {
  const { t } = useTranslation('sys');
  const group = useSettingsGroup('/sys/settings/security');
  const validate = (v: Values): FieldErrors => {
    const e: FieldErrors = {};
    const min = Number(v.passwordMinLength);
    const max = Number(v.passwordMaxLength);
    if (max < min) e.passwordMaxLength = t('form.range', { min, max: 50 });
    const validity = Number(v.passwordValidityDays);
    const prompt = Number(v.passwordPromptDays);
    if (validity > 0 && prompt > validity) e.passwordPromptDays = t('security.promptRange');
    return e;
  };
  return (
    <SettingsForm
      {...group}
      savePerm="params.saveSecurity"
      testId="security"
      title={t('security.policy')}
      overrides={Object.fromEntries(
        Object.entries(BOUNDS).map(([name, [min, max]]) => [name, { min, max, integer: true, required: true }]),
      )}
      validate={validate}
    />
  );
}

export default function SecurityScreen() {
  const { t } = useTranslation('sys');
  const panes = [
    {
      menuItem: t('security.policy'),
      render: () => (
        <Tab.Pane>
          <Policy />
        </Tab.Pane>
      ),
    },
    ...SSO_METHODS.map((m) => ({
      menuItem: t(`security.${m}`),
      render: () => (
        <Tab.Pane>
          <SsoSettings method={m} />
        </Tab.Pane>
      ),
    })),
    {
      menuItem: t('identity.title'),
      render: () => (
        <Tab.Pane>
          <LinkedIdentities />
        </Tab.Pane>
      ),
    },
  ];
  return (
    <ScreenFrame title={t('title.security')} id="security">
      <Tab panes={panes} />
    </ScreenFrame>
  );
}
