/**
 * Who is acting: account and password, large enough to type on a tablet's keyboard, and, where `padAuthMethods`
 * offers them, "continue with my card / face": the person the room's reader or camera recognised in the last
 * 30 s (docs/product-rules.md R19.10). The password leaves the tablet encrypted (passwordAuth) and is forgotten
 * with the dialog.
 */
import { useTranslation } from 'react-i18next';

export interface Credentials {
  username: string;
  password: string;
}

export const NO_CREDENTIALS: Credentials = { username: '', password: '' };

export const credentialsFilled = (c: Credentials) => c.username.trim() !== '' && c.password !== '';

export type Recognised = 'card' | 'face';
const RECOGNISED: Recognised[] = ['card', 'face'];

export function AuthFields({
  id,
  value,
  onChange,
  methods,
  onRecognised,
  busy = false,
}: {
  id: string;
  value: Credentials;
  onChange: (value: Credentials) => void;
  /** The day's `rules.authMethods`. */
  methods: readonly string[];
  onRecognised: (method: Recognised) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation('pad');
  const recognised = RECOGNISED.filter((m) => methods.includes(m));
  return (
    <div className="pad-auth">
      <p>{t('auth.hint')}</p>
      {recognised.map((m) => (
        <div key={m} className="pad-auth-recognised">
          <p id={`${id}-${m}-hint`}>{t(`auth.${m}Hint`)}</p>
          <button
            type="button"
            className="ui huge button"
            disabled={busy}
            aria-describedby={`${id}-${m}-hint`}
            onClick={() => onRecognised(m)}
            data-testid={`${id}-${m}`}
          >
            {t(`auth.${m}`)}
          </button>
        </div>
      ))}
      {methods.includes('password') && (
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
      )}
    </div>
  );
}
