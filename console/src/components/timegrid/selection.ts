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
export const BLOCKING = new Set(['expired', 'disabled', 'unavailable', 'noReservation']);
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
