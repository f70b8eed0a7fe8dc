/** A labelled select that narrows what is shown (a type, a place, a state), "All" first. */
import { useTranslation } from 'react-i18next';

export function FilterSelect<V extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
  disabled = false,
  allText,
}: {
  id: string;
  label: string;
  value: V | '';
  options: Array<{ value: V; text: string }>;
  onChange: (value: V | '') => void;
  disabled?: boolean;
  /** What no choice means; "All" by default. */
  allText?: string;
}) {
  const { t } = useTranslation('room');
  return (
    <div className="field" style={{ display: 'flex', flexDirection: 'column' }}>
      <label htmlFor={id} style={{ fontSize: '0.85em' }}>
        {label}
      </label>
      <select
        id={id}
        className="ui dropdown"
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const chosen = options.find((o) => String(o.value) === e.target.value);
          onChange(chosen ? chosen.value : '');
        }}
      >
        <option value="">{allText ?? t('all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
    </div>
  );
}
