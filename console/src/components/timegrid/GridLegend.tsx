/** The colour legend above the grid, one swatch per cell state, with a button that shows or hides it. */
import { useState } from 'react';

export const LEGEND_STATES = [
  'free',
  'selected',
  'conflict',
  'mine',
  'other',
  'approvalMine',
  'approvalOther',
  'expired',
  'disabled',
  'outside',
  'unavailable',
  'noReservation',
];

export interface GridLegendProps {
  stateLabel: (state: string) => string;
  legendLabel: string;
  showLegendLabel: string;
  hideLegendLabel: string;
}

export function GridLegend({ stateLabel, legendLabel, showLegendLabel, hideLegendLabel }: GridLegendProps) {
  const [legend, setLegend] = useState(true);
  return (
    <div className="tg-legend-bar">
      <button
        type="button"
        className="ui mini basic button"
        aria-expanded={legend}
        onClick={() => setLegend(!legend)}
        data-testid="legend-toggle"
      >
        {legend ? hideLegendLabel : showLegendLabel}
      </button>
      {legend && (
        <ul className="tg-legend" aria-label={legendLabel}>
          {LEGEND_STATES.map((s) => (
            <li key={s}>
              <span className={`tg-swatch tg-${s}`} aria-hidden="true" />
              {stateLabel(s)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
