/**
 * One single sign-on method's settings (LDAP, OIDC, SAML) on the security
 * screen. It changes whom Atrium trusts, so its save goes through the
 * current-password confirmation, and only the system administrator may make it.
 */
import { useTranslation } from 'react-i18next';
import type { SsoMethod } from '../../../../../../core/modules/sso/schema.ts';
import { SettingsForm } from '../SettingsForm.tsx';
import { useSettingsGroup } from '../useSettingsGroup.ts';
import { useConfirmedSave } from './ConfirmPassword.tsx';

export type { SsoMethod };

/** Sign-in settings the server has no default for: shown (empty) before the first save, and required. */
const SSO_REQUIRED: Record<SsoMethod, string[]> = {
  ldap: ['url', 'searchBase'],
  oidc: ['issuer', 'clientId'],
  saml: ['entryPoint', 'idpCert', 'issuer'],
};

/** Addresses that default to the public address (ATRIUM_PUBLIC_URL) when left empty. */
const PUBLIC_DEFAULTS: Record<SsoMethod, string[]> = {
  ldap: [],
  oidc: ['redirectUri', 'consoleUrl'],
  saml: ['callbackUrl', 'consoleUrl'],
};

export function SsoSettings({ method }: { method: SsoMethod }) {
  const { t } = useTranslation('sys');
  const { confirmed, modal } = useConfirmedSave();
  const group = useSettingsGroup(`/sys/sso/${method}`, confirmed);
  const required = SSO_REQUIRED[method];
  // The modal stays outside the settings form: its submit would otherwise bubble (through the portal) into a second save.
  return (
    <>
      <SettingsForm
        {...group}
        savePerm="params.saveSecurity"
        testId={`sso-${method}`}
        title={t(`security.${method}`)}
        blank={Object.fromEntries(required.map((k) => [k, '']))}
        overrides={{
          ...Object.fromEntries(required.map((k) => [k, { required: true }])),
          ...Object.fromEntries(PUBLIC_DEFAULTS[method].map((k) => [k, { help: t('security.publicDefault') }])),
          matchByUsername: { help: t('security.matchHelp') },
          ...(method === 'saml' ? { idpCert: { type: 'textarea', required: true } } : {}),
        }}
        footer={<p style={{ color: '#555' }}>{t('security.adminOnly')}</p>}
      />
      {modal}
    </>
  );
}
