/**
 * Who is acting: account and password, large enough to type on a tablet's keyboard. The password leaves the
 * tablet encrypted (passwordAuth) and is forgotten with the dialog.
 */
import { useTranslation } from 'react-i18next';

export interface Credentials {
  username: string;
  password: string;
}

export const NO_CREDENTIALS: Credentials = { username: '', password: '' };

export const credentialsFilled = (c: Credentials) => c.username.trim() !== '' && c.password !== '';

export function AuthFields({
  id,
  value,
  onChange,
}: {
  id: string;
  value: Credentials;
  onChange: (value: Credentials) => void;
}) {
  const { t } = useTranslation('pad');
  return (
    <div className="pad-auth">
      <p>{t('auth.hint')}</p>
      <div className="ui big form">
        <div className="field">
          <label htmlFor={`${id}-username`}>{t('auth.username')}</label>
          <input
            id={`${id}-username`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={100}
            value={value.username}
            onChange={(e) => onChange({ ...value, username: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('auth.password')}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="off"
            maxLength={50}
            value={value.password}
            onChange={(e) => onChange({ ...value, password: e.target.value })}
          />
        </div>
      </div>
    </div>
  );
}
