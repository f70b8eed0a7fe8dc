/** The CAPTCHA of the sign-in and register pages: the code input beside its image, which a click renews. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'semantic-ui-react';
import { apiUrl } from '../../../app/http.ts';

export const CAPTCHA_LENGTH = 5;

export interface CaptchaFieldProps {
  /** Prefix of the input's id (`<idPrefix>-captcha`). */
  idPrefix: string;
  uuid: string;
  /** A new number draws a new image (the server keeps only the latest code of a uuid). */
  nonce: number;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onRefresh: () => void;
}

export function CaptchaField({ idPrefix, uuid, nonce, value, error, onChange, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation();
  // One image per refresh: the URL carries a counter, so it must not change on every render.
  const src = useMemo(() => apiUrl('/captcha', { uuid, n: nonce }), [uuid, nonce]);
  return (
    <Form.Group className="captcha-row" unstackable>
      <Form.Input
        id={`${idPrefix}-captcha`}
        name="captcha"
        label={t('login.captcha')}
        autoComplete="off"
        width={10}
        maxLength={CAPTCHA_LENGTH}
        value={value}
        onChange={(_, d) => onChange(String(d.value ?? ''))}
        error={error}
        required
      />
      <div className="captcha-image field">
        <button
          type="button"
          className="captcha-button"
          onClick={onRefresh}
          title={t('login.captchaRefresh')}
          aria-label={t('login.captchaRefresh')}
        >
          <img className="captcha" data-uuid={uuid} src={src} alt={t('login.captchaAlt')} width={120} height={40} />
        </button>
      </div>
    </Form.Group>
  );
}
