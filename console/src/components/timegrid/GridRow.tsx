/** One resource's row of the room-status grid: its name, then one cell per slot with its state and label. */
import { memo } from 'react';
import { BOOKED, SELECTABLE } from './selection.ts';

export interface TimeGridRow {
  id: number;
  name: string;
  capacity?: number;
  cells: Array<{ time: string; state: string; bookingId?: number }>;
}

/** The part of the selection that lies in one row, and whether it runs over a booking. */
export interface RowSelection {
  from: number;
  to: number;
  conflict: boolean;
}

interface GridRowProps {
  row: TimeGridRow;
  index: number;
  sel: RowSelection | null;
  focusCell: number | null;
  stateLabel: (state: string) => string;
}

export const GridRow = memo(function Row({ row, index, sel, focusCell, stateLabel }: GridRowProps) {
  return (
    <div className="tg-row" role="row" aria-rowindex={index + 2}>
      <div className="tg-name" role="rowheader" title={row.name}>
        {row.name}
        {row.capacity !== undefined && <span className="tg-cap">{row.capacity}</span>}
      </div>
      {row.cells.map((c, i) => {
        const inSel = sel !== null && i >= sel.from && i <= sel.to;
        const shown = inSel
          ? sel.conflict && BOOKED.has(c.state)
            ? 'conflict'
            : sel.conflict
              ? 'selected conflict-range'
              : 'selected'
          : c.state;
        const label = `${row.name} ${c.time} ${stateLabel(inSel ? (sel.conflict && BOOKED.has(c.state) ? 'conflict' : 'selected') : c.state)}`;
        return (
          <div
            key={i}
            role="gridcell"
            className={`tg-cell tg-${shown}`}
            data-r={index}
            data-c={i}
            aria-label={label}
            aria-selected={inSel}
            aria-disabled={!SELECTABLE.has(c.state) && !inSel ? true : undefined}
            tabIndex={focusCell === i ? 0 : -1}
          />
        );
      })}
    </div>
  );
});
