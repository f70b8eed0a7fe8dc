import { useTranslation } from 'react-i18next';
import { Button, Divider } from 'semantic-ui-react';
import { API_BASE } from '../../../app/http.ts';
import { useSsoMethodsQuery } from '../api.ts';

/** Buttons for the browser-based single sign-on methods (OIDC, SAML) that GET /api/sso/methods lists. */
export function SsoButtons({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation();
  const { data } = useSsoMethodsQuery();
  const methods = (data?.items ?? []).filter(
    (m) => m.method !== 'ldap' && typeof m.startPath === 'string' && m.startPath.startsWith('/'),
  );
  if (methods.length === 0) return null;
  const query = new URLSearchParams({ follow: '1', ...(redirect ? { redirect } : {}) });
  return (
    <div className="sso-buttons">
      <Divider horizontal>{t('login.ssoDivider')}</Divider>
      {methods.map((m) => (
        <Button
          key={m.method}
          as="a"
          href={`${API_BASE}${m.startPath}?${query.toString()}`}
          basic
          fluid
          className="sso-button"
          data-method={m.method}
        >
          {m.name || t('login.sso')}
        </Button>
      ))}
    </div>
  );
}
