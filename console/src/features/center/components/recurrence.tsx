/** What the recurrence editor's parts share. */
import type { Recurrence } from '../api.ts';

/** Sunday (0) to Saturday (6), as the recurrence's weekdays count them. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** The editor's value and where it goes when a field changes. */
export interface RecurrenceFieldsProps {
  value: Recurrence;
  onChange: (r: Recurrence) => void;
}

/** A whole number field from 1 to `max`; what is typed below 1, or is not a number, counts as 1. */
export function CountInput(props: { id: string; max: number; value?: number; onChange: (n: number) => void }) {
  return (
    <input
      id={props.id}
      type="number"
      min={1}
      max={props.max}
      value={props.value}
      onChange={(e) => props.onChange(Math.max(1, Number(e.target.value) || 1))}
    />
  );
}
