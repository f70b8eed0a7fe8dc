/**
 * The on-screen numeric keypad of the pairing and check-in codes, over a text field that a keyboard can type
 * into as well (inputMode none keeps the tablet's own keyboard from covering the screen).
 */
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';

interface Props {
  id: string;
  label: string;
  value: string;
  length: number;
  onChange: (value: string) => void;
  disabled?: boolean;
  describedBy?: string;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function Keypad({ id, label, value, length, onChange, disabled = false, describedBy }: Props) {
  const { t } = useTranslation('pad');
  const press = (digit: string) => {
    if (value.length < length) onChange(value + digit);
  };
  return (
    <div className="pad-keypad">
      <label htmlFor={id} className="pad-keypad-label">
        {label}
      </label>
      <input
        id={id}
        className="pad-code"
        inputMode="none"
        autoComplete="off"
        spellCheck={false}
        maxLength={length}
        value={value}
        disabled={disabled}
        aria-describedby={describedBy}
        placeholder={'–'.repeat(length)}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, length))}
        data-testid={`${id}-input`}
      />
      <div className="pad-keys" role="group" aria-label={t('keypad.label')}>
        {KEYS.map((k) => (
          <button key={k} type="button" className="pad-key" data-key={k} disabled={disabled} onClick={() => press(k)}>
            {k}
          </button>
        ))}
        <button
          type="button"
          className="pad-key pad-key-aux"
          data-key="clear"
          disabled={disabled || !value}
          onClick={() => onChange('')}
        >
          {t('keypad.clear')}
        </button>
        <button type="button" className="pad-key" data-key="0" disabled={disabled} onClick={() => press('0')}>
          0
        </button>
        <button
          type="button"
          className="pad-key pad-key-aux"
          data-key="back"
          disabled={disabled || !value}
          aria-label={t('keypad.back')}
          onClick={() => onChange(value.slice(0, -1))}
        >
          <Icon name="arrow left" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}
