export { TimeGrid, LEGEND_STATES, type TimeGridProps, type TimeGridRow } from './TimeGrid.tsx';
export { extend, hasConflict, openingColumn, BOOKED, BLOCKING, SELECTABLE, type GridSelection } from './selection.ts';
