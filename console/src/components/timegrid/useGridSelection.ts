/**
 * The grid's selection by pointer and keyboard: a drag along one row, or the arrow keys (shift extends, Home and
 * End jump, space starts, Enter activates, Escape clears). Only selectable cells start a range; a booked cell is
 * activated instead. The events are delegated to the grid element, whose cells carry their row and column in
 * `data-r` and `data-c`.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { RowSelection, TimeGridRow } from './GridRow.tsx';
import { BOOKED, extend, hasConflict, SELECTABLE, type GridSelection } from './selection.ts';

export interface GridSelectionOptions {
  rows: TimeGridRow[];
  selection: GridSelection | null;
  onSelect: (sel: GridSelection | null, done: boolean) => void;
  onActivate?: (row: TimeGridRow, cell: number) => void;
}

const KEY_STEPS: Record<string, (c: number) => [number, number]> = {
  ArrowLeft: () => [0, -1],
  ArrowRight: () => [0, 1],
  ArrowUp: () => [-1, 0],
  ArrowDown: () => [1, 0],
  Home: (c) => [0, -c],
  End: () => [0, 9999],
};

function cellAt(el: EventTarget | null): { r: number; c: number } | null {
  const d = (el as HTMLElement | null)?.dataset;
  if (!d || d.r === undefined || d.c === undefined) return null;
  return { r: Number(d.r), c: Number(d.c) };
}

export function useGridSelection({ rows, selection, onSelect, onActivate }: GridSelectionOptions) {
  const [focus, setFocus] = useState<{ r: number; c: number }>({ r: 0, c: 0 });
  const drag = useRef<{ r: number; anchor: number } | null>(null);
  const kbAnchor = useRef<number | null>(null);
  const latest = useRef<GridSelection | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

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
    const step = KEY_STEPS[e.key];
    if (step) {
      const d = step(c);
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

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const at = cellAt(e.target);
    if (at && (at.r !== focus.r || at.c !== focus.c)) setFocus(at);
  };

  /** The selection as row `r` draws it, or null when it lies in another row. */
  const selFor = (r: number): RowSelection | null => {
    if (r !== rowIndex || !selection) return null;
    return { from: selection.from, to: selection.to, conflict: hasConflict(states(r), selection) };
  };

  return { gridRef, focus, selFor, handlers: { onPointerDown, onPointerOver, onKeyDown, onFocus } };
}
