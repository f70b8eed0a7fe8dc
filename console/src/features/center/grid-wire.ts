/**
 * The grid as the server sends it: each zone's cell labels once, and each resource's cells as runs of one
 * state (core/modules/bookings/grid.ts says why). The screens read cells, so the answer is expanded here, once.
 */
import type { CellState, Grid, GridResource } from './types.ts';

export type CellRun = [CellState, number] | [CellState, number, number];

export interface GridWire extends Omit<Grid, 'resources'> {
  /** Cell i's wall-clock label, by the resources' time zone. */
  times: Record<string, string[]>;
  resources: Array<Omit<GridResource, 'cells'> & { runs: CellRun[] }>;
}

export function expandGrid(wire: GridWire): Grid {
  const { times, resources, ...rest } = wire;
  return {
    ...rest,
    resources: resources.map(({ runs, ...resource }) => {
      const labels = times[resource.timeZone] ?? [];
      const cells: GridResource['cells'] = [];
      for (const [state, count, bookingId] of runs) {
        for (let n = 0; n < count; n++) {
          const time = labels[cells.length] ?? '';
          cells.push(bookingId === undefined ? { time, state } : { time, state, bookingId });
        }
      }
      return { ...resource, cells };
    }),
  };
}
