/** A range of cells on one resource row of the time grid, and what it covers. */
export interface GridSelection {
  resourceId: number;
  /** Inclusive cell indexes, from <= to. */
  from: number;
  to: number;
}

/** Cells a selection may start on. */
export const SELECTABLE = new Set(['free']);
/** Cells a selection may not cross: past, disabled, closed and not allowed. */
export const BLOCKING = new Set(['expired', 'disabled', 'outside', 'unavailable', 'noReservation']);
/** Cells held by a booking: a selection over them is a conflict. */
export const BOOKED = new Set(['mine', 'other', 'approvalMine', 'approvalOther']);

/** The range from an anchor towards a target, stopped before the first blocking cell. */
export function extend(states: string[], anchor: number, target: number): { from: number; to: number } {
  const dir = target >= anchor ? 1 : -1;
  let end = anchor;
  for (let i = anchor + dir; dir > 0 ? i <= target : i >= target; i += dir) {
    if (BLOCKING.has(states[i] ?? 'expired')) break;
    end = i;
  }
  return dir > 0 ? { from: anchor, to: end } : { from: end, to: anchor };
}

export function hasConflict(states: string[], sel: { from: number; to: number }): boolean {
  for (let i = sel.from; i <= sel.to; i++) if (BOOKED.has(states[i] ?? '')) return true;
  return false;
}

/**
 * The column a day's grid opens at: the hour of the first cell, in any row, that is neither past nor closed and
 * comes after every past cell (a booked cell shows as booked even when its time has passed). On today that is the
 * current hour, on other days the start of the working day. When every cell of today is past or closed (after
 * closing time) it is the current hour; 0 when a day has no open cell at all.
 */
export function openingColumn(rows: Array<{ cells: Array<{ state: string }> }>, perHour: number): number {
  let now = 0;
  for (const row of rows) {
    const last = row.cells.map((c) => c.state).lastIndexOf('expired');
    if (last + 1 > now) now = last + 1;
  }
  let first = Infinity;
  for (const row of rows) {
    const i = row.cells.findIndex((c, index) => index >= now && !BLOCKING.has(c.state));
    if (i >= 0 && i < first) first = i;
  }
  // Nothing left to book today (after closing time): open at the current time rather than at midnight.
  const cells = Math.max(0, ...rows.map((r) => r.cells.length));
  const column = Number.isFinite(first) ? first : Math.min(now, Math.max(0, cells - 1));
  return column - (column % Math.max(1, perHour));
}
