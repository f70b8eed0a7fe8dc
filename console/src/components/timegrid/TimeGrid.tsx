/**
 * The room-status grid (docs/product-rules.md R18.12, cell states R12.2): one row (40 px) per resource, one
 * cell (30 px) per 15 or 30 minutes, each state with its own colour and an
 * accessible label. A range of one row is chosen by dragging or with the
 * arrow keys (shift extends; useGridSelection); past and disabled cells are not selectable and a
 * range over a booking shows as a conflict. Events are delegated to the grid,
 * so 200 rows × 96 cells stay light. Each new day opens scrolled to its
 * opening column (the current hour today, the working day's start otherwise);
 * the whole day stays reachable by scrolling.
 */
import { useLayoutEffect, useRef } from 'react';
import { GridHeader } from './GridHeader.tsx';
import { GridLegend, type GridLegendProps } from './GridLegend.tsx';
import { GridRow, type TimeGridRow } from './GridRow.tsx';
import { openingColumn, type GridSelection } from './selection.ts';
import { useGridSelection } from './useGridSelection.ts';
import './timegrid.css';

export { LEGEND_STATES } from './GridLegend.tsx';
export type { TimeGridRow } from './GridRow.tsx';

/** Width of one cell, in pixels (timegrid.css). */
const CELL_PX = 30;

export interface TimeGridProps extends GridLegendProps {
  rows: TimeGridRow[];
  interval: number;
  selection: GridSelection | null;
  onSelect: (sel: GridSelection | null, done: boolean) => void;
  /** Enter on a selection, or a click on a booked cell. */
  onActivate?: (row: TimeGridRow, cell: number) => void;
  label: string;
  /** A new value (the date, a filter) scrolls the grid to the opening column again. */
  scrollKey?: string;
}

export function TimeGrid(props: TimeGridProps) {
  const { rows, stateLabel } = props;
  const { gridRef, focus, selFor, handlers } = useGridSelection(props);
  const scrollRef = useRef<HTMLDivElement>(null);
  const scrolledFor = useRef<string | null>(null);
  const times = rows[0]?.cells.map((c) => c.time) ?? [];
  const perHour = Math.max(1, Math.round(60 / (props.interval || 15)));

  // Once per scroll key, as soon as its rows are there; the user's own scrolling is left alone afterwards.
  useLayoutEffect(() => {
    const key = props.scrollKey ?? '';
    if (!scrollRef.current || rows.length === 0 || scrolledFor.current === key) return;
    scrolledFor.current = key;
    scrollRef.current.scrollLeft = openingColumn(rows, perHour) * CELL_PX;
  }, [rows, perHour, props.scrollKey]);

  return (
    <div className="timegrid">
      <GridLegend
        stateLabel={stateLabel}
        legendLabel={props.legendLabel}
        showLegendLabel={props.showLegendLabel}
        hideLegendLabel={props.hideLegendLabel}
      />
      <div className="tg-scroll" ref={scrollRef} data-testid="grid-scroll">
        <div
          ref={gridRef}
          className="tg-grid"
          role="grid"
          aria-label={props.label}
          aria-rowcount={rows.length + 1}
          aria-multiselectable="true"
          {...handlers}
          style={{ width: 160 + times.length * CELL_PX }}
        >
          <GridHeader times={times} perHour={perHour} />
          {rows.map((row, r) => (
            <GridRow
              key={row.id}
              row={row}
              index={r}
              sel={selFor(r)}
              focusCell={focus.r === r ? focus.c : null}
              stateLabel={stateLabel}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
