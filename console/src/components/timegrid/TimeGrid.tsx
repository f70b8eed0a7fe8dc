/**
 * The room-status grid (docs/product-rules.md R18.12, cell states R12.2): one row (40 px) per resource, one
 * cell (30 px) per 15 or 30 minutes, each state with its own colour and an
 * accessible label. A range of one row is chosen by dragging or with the
 * arrow keys (shift extends); past and disabled cells are not selectable and a
 * range over a booking shows as a conflict. Events are delegated to the grid,
 * so 200 rows × 96 cells stay light. Each new day opens scrolled to its
 * opening column (the current hour today, the working day's start otherwise);
 * the whole day stays reachable by scrolling.
 */
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { BOOKED, extend, hasConflict, openingColumn, SELECTABLE, type GridSelection } from './selection.ts';

/** Width of one cell, in pixels (timegrid.css). */
const CELL_PX = 30;
import './timegrid.css';

export interface TimeGridRow {
  id: number;
  name: string;
  capacity?: number;
  cells: Array<{ time: string; state: string; bookingId?: number }>;
}

export interface TimeGridProps {
  rows: TimeGridRow[];
  interval: number;
  selection: GridSelection | null;
  onSelect: (sel: GridSelection | null, done: boolean) => void;
  /** Enter on a selection, or a click on a booked cell. */
  onActivate?: (row: TimeGridRow, cell: number) => void;
  stateLabel: (state: string) => string;
  label: string;
  legendLabel: string;
  showLegendLabel: string;
  hideLegendLabel: string;
  /** A new value (the date, a filter) scrolls the grid to the opening column again. */
  scrollKey?: string;
}

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
  'unavailable',
  'noReservation',
];

interface RowProps {
  row: TimeGridRow;
  index: number;
  sel: { from: number; to: number; conflict: boolean } | null;
  focusCell: number | null;
  stateLabel: (state: string) => string;
}

const Row = memo(function Row({ row, index, sel, focusCell, stateLabel }: RowProps) {
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

export function TimeGrid(props: TimeGridProps) {
  const { rows, selection, onSelect, onActivate, stateLabel } = props;
  const [focus, setFocus] = useState<{ r: number; c: number }>({ r: 0, c: 0 });
  const [legend, setLegend] = useState(true);
  const drag = useRef<{ r: number; anchor: number } | null>(null);
  const kbAnchor = useRef<number | null>(null);
  const latest = useRef<GridSelection | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
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

  const rowIndex = rows.findIndex((r) => r.id === selection?.resourceId);
  const states = (r: number) => rows[r]?.cells.map((c) => c.state) ?? [];

  // Start the keyboard on the first free cell.
  useEffect(() => {
    for (let r = 0; r < rows.length; r++) {
      const c = rows[r]!.cells.findIndex((x) => SELECTABLE.has(x.state));
      if (c >= 0) {
        setFocus({ r, c });
        return;
      }
    }
  }, [rows]);

  const cellAt = (el: EventTarget | null): { r: number; c: number } | null => {
    const d = (el as HTMLElement | null)?.dataset;
    if (!d || d.r === undefined || d.c === undefined) return null;
    return { r: Number(d.r), c: Number(d.c) };
  };

  const select = useCallback(
    (r: number, anchor: number, target: number, done: boolean) => {
      const row = rows[r];
      if (!row) return;
      const range = extend(
        row.cells.map((c) => c.state),
        anchor,
        target,
      );
      latest.current = { resourceId: row.id, ...range };
      onSelect(latest.current, done);
    },
    [rows, onSelect],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const at = cellAt(e.target);
    if (!at) return;
    const state = rows[at.r]?.cells[at.c]?.state ?? '';
    if (!SELECTABLE.has(state)) {
      if (BOOKED.has(state) && onActivate) onActivate(rows[at.r]!, at.c);
      return;
    }
    e.preventDefault();
    drag.current = { r: at.r, anchor: at.c };
    setFocus(at);
    select(at.r, at.c, at.c, false);
  };
  const onPointerOver = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    const at = cellAt(e.target);
    if (!d || !at || at.r !== d.r) return;
    select(d.r, d.anchor, at.c, false);
  };
  // The drag ends with the latest range (a render may not have happened since the last move).
  useEffect(() => {
    const up = () => {
      if (!drag.current) return;
      drag.current = null;
      if (latest.current) onSelect(latest.current, true);
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [onSelect]);

  const moveFocus = (r: number, c: number) => {
    const rr = Math.max(0, Math.min(rows.length - 1, r));
    const cc = Math.max(0, Math.min((rows[rr]?.cells.length ?? 1) - 1, c));
    setFocus({ r: rr, c: cc });
    gridRef.current?.querySelector<HTMLElement>(`[data-r="${rr}"][data-c="${cc}"]`)?.focus();
    return { r: rr, c: cc };
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const { r, c } = focus;
    const deltas: Record<string, [number, number]> = {
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      Home: [0, -c],
      End: [0, 9999],
    };
    const d = deltas[e.key];
    if (d) {
      e.preventDefault();
      if (e.shiftKey && d[0] === 0) {
        const s = states(r);
        if (kbAnchor.current === null || rowIndex !== r) {
          if (!SELECTABLE.has(s[c] ?? '')) return;
          kbAnchor.current = c;
        }
        const next = moveFocus(r, c + d[1]);
        select(r, kbAnchor.current, next.c, true);
        return;
      }
      kbAnchor.current = null;
      moveFocus(r + d[0], c + d[1]);
      return;
    }
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      const row = rows[r];
      const state = row?.cells[c]?.state ?? '';
      if (e.key === 'Enter' && selection && rowIndex === r && c >= selection.from && c <= selection.to && onActivate) {
        onActivate(row!, c);
        return;
      }
      if (SELECTABLE.has(state)) {
        kbAnchor.current = c;
        select(r, c, c, true);
      } else if (BOOKED.has(state) && onActivate) onActivate(row!, c);
      return;
    }
    if (e.key === 'Escape') {
      kbAnchor.current = null;
      onSelect(null, true);
    }
  };

  const selFor = (r: number) => {
    if (r !== rowIndex || !selection) return null;
    return { from: selection.from, to: selection.to, conflict: hasConflict(states(r), selection) };
  };

  return (
    <div className="timegrid">
      <div className="tg-legend-bar">
        <button
          type="button"
          className="ui mini basic button"
          aria-expanded={legend}
          onClick={() => setLegend(!legend)}
          data-testid="legend-toggle"
        >
          {legend ? props.hideLegendLabel : props.showLegendLabel}
        </button>
        {legend && (
          <ul className="tg-legend" aria-label={props.legendLabel}>
            {LEGEND_STATES.map((s) => (
              <li key={s}>
                <span className={`tg-swatch tg-${s}`} aria-hidden="true" />
                {stateLabel(s)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="tg-scroll" ref={scrollRef} data-testid="grid-scroll">
        <div
          ref={gridRef}
          className="tg-grid"
          role="grid"
          aria-label={props.label}
          aria-rowcount={rows.length + 1}
          aria-multiselectable="true"
          onPointerDown={onPointerDown}
          onPointerOver={onPointerOver}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            const at = cellAt(e.target);
            if (at && (at.r !== focus.r || at.c !== focus.c)) setFocus(at);
          }}
          style={{ width: 160 + times.length * CELL_PX }}
        >
          <div className="tg-row tg-head" role="row" aria-rowindex={1}>
            <div className="tg-name" role="columnheader" />
            {times.map((t, i) => (
              <div
                key={i}
                role="columnheader"
                className={i % perHour === 0 ? 'tg-time tg-hour' : 'tg-time'}
                aria-label={t}
              >
                {i % perHour === 0 ? t : ''}
              </div>
            ))}
          </div>
          {rows.map((row, r) => (
            <Row
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
