/** A few large mutually exclusive choices (a duration) as pressed buttons in a labelled group. */
import { PressedButton } from '../../../components/PressedButton.tsx';

interface Props {
  id: string;
  legend: string;
  options: Array<{ key: string; label: string }>;
  value: string | null;
  onChange: (key: string) => void;
}

export function Choices({ id, legend, options, value, onChange }: Props) {
  return (
    <fieldset className="pad-choices" data-testid={id}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <PressedButton
          key={o.key}
          look="huge basic"
          data-choice={o.key}
          pressed={value === o.key}
          onClick={() => onChange(o.key)}
        >
          {o.label}
        </PressedButton>
      ))}
    </fieldset>
  );
}
