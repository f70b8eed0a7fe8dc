/**
 * The grid as the server sends it: each zone's cell labels once, and each resource's cells as runs of one
 * state (core/modules/bookings/grid.ts says why). The screens read cells, so the answer is expanded here, once.
 */
import type { BookingsService } from '../../../../core/modules/bookings/index.ts';
import type { CellState, GridBooking } from '../../../../core/modules/bookings/grid.ts';

export type { CellState, GridBooking };

/** A resource as the grid and the inquiry describe it (name, type, capacity, place, zone, position, open hours). */
export type ResourceHead = Awaited<ReturnType<BookingsService['available']>>['resources'][number];

export interface GridCell {
  time: string;
  state: CellState;
  bookingId?: number;
}

export interface GridResource extends ResourceHead {
  cells: GridCell[];
}

/** The grid of a day, its resources' cells expanded. */
export interface Grid {
  date: string;
  interval: number;
  resources: GridResource[];
  bookings: GridBooking[];
}

export type CellRun = [CellState, number] | [CellState, number, number];

export interface GridWire extends Omit<Grid, 'resources'> {
  /** Cell i's wall-clock label, by the resources' time zone. */
  times: Record<string, string[]>;
  resources: Array<ResourceHead & { runs: CellRun[] }>;
}

export function expandGrid(wire: GridWire): Grid {
  const { times, resources, ...rest } = wire;
  return {
    ...rest,
    resources: resources.map(({ runs, ...resource }) => {
      const labels = times[resource.timeZone] ?? [];
      const cells: GridCell[] = [];
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
