/**
 * Draws a floor's resources on its plan with d3: one marker per resource
 * (rooms as boxes, desks as pills, new desks highlighted), movable by drag or
 * by the arrow keys where the user may move them.
 */
import { drag, select } from 'd3';

export interface Marker {
  key: string;
  id: number | null;
  name: string;
  type: number;
  x: number;
  y: number;
  pending: boolean;
}

export interface Size {
  width: number;
  height: number;
}

/** How far an arrow key moves a marker. */
const STEP = 10;

export interface DrawOptions {
  svg: SVGSVGElement;
  plan: string | null;
  size: Size;
  markers: Marker[];
  /** The accessible name's hint for a movable marker; null when nothing may be moved. */
  moveHint: string | null;
  /** A marker moved (by drag or by key); `done` when the move is over and may be saved. */
  onMove: (id: number, x: number, y: number, done: boolean) => void;
  /** Clicks on the empty plan, in plan coordinates; null to ignore them. */
  onPlace: ((x: number, y: number) => void) | null;
}

export function drawMarkers({ svg: element, plan, size, markers, moveHint, onMove, onPlace }: DrawOptions): void {
  const svg = select(element);
  const canMove = moveHint !== null;
  svg.select('image.plan').attr('href', plan).attr('width', size.width).attr('height', size.height);
  const groups = svg
    .select<SVGGElement>('g.markers')
    .selectAll<SVGGElement, Marker>('g.marker')
    .data(markers, (d) => d.key)
    .join((enter) => {
      const g = enter.append('g').attr('class', 'marker').attr('tabindex', 0).attr('role', 'img');
      g.append('rect');
      g.append('text')
        .attr('text-anchor', 'middle')
        .attr('dy', '0.35em')
        .attr('font-size', 14)
        .attr('pointer-events', 'none');
      return g;
    });
  const movable = (d: Marker) => canMove && !d.pending;
  groups
    .attr('transform', (d) => `translate(${d.x},${d.y})`)
    .attr('data-id', (d) => d.id ?? '')
    .attr('data-name', (d) => d.name)
    .attr('class', (d) => `marker ${d.pending ? 'pending' : d.type === 1 ? 'desk' : 'room'}`)
    .attr('role', (d) => (movable(d) ? 'button' : 'img'))
    .attr('aria-label', (d) => `${d.name} (${Math.round(d.x)}, ${Math.round(d.y)})${movable(d) ? `. ${moveHint}` : ''}`)
    .style('cursor', canMove ? 'move' : 'default');
  groups
    .select('rect')
    .attr('x', (d) => (d.type === 1 ? -22 : -40))
    .attr('y', -14)
    .attr('width', (d) => (d.type === 1 ? 44 : 80))
    .attr('height', 28)
    .attr('rx', (d) => (d.type === 1 ? 14 : 4))
    .attr('fill', (d) => (d.pending ? '#fff3cd' : d.type === 1 ? '#d1ecf1' : '#d4edda'))
    .attr('stroke', (d) => (d.pending ? '#856404' : d.type === 1 ? '#0c5460' : '#155724'))
    .attr('stroke-width', 2);
  groups
    .select('text')
    .text((d) => (d.name.length > 10 ? `${d.name.slice(0, 9)}…` : d.name))
    .attr('fill', '#1b1b1b');

  const within = (v: number, max: number) => Math.max(0, Math.min(max, v));
  if (canMove) {
    groups
      .filter((d) => !d.pending)
      .call(
        drag<SVGGElement, Marker>()
          .on('drag', function (event, d) {
            d.x = within(event.x, size.width);
            d.y = within(event.y, size.height);
            select(this).attr('transform', `translate(${d.x},${d.y})`);
          })
          .on('end', (event, d) => {
            if (d.id === null || (event.dx === 0 && event.dy === 0 && !event.sourceEvent)) return;
            onMove(d.id, d.x, d.y, true);
          }),
      );
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-STEP, 0],
      ArrowRight: [STEP, 0],
      ArrowUp: [0, -STEP],
      ArrowDown: [0, STEP],
    };
    groups
      .on('keydown', (event: KeyboardEvent, d) => {
        const delta = moves[event.key];
        if (!delta || d.id === null) return;
        event.preventDefault();
        onMove(d.id, within(d.x + delta[0], size.width), within(d.y + delta[1], size.height), false);
      })
      .on('keyup', (event: KeyboardEvent, d) => {
        if (d.id !== null && event.key.startsWith('Arrow')) onMove(d.id, d.x, d.y, true);
      });
  }
  if (!onPlace) svg.on('click', null);
  else
    svg.on('click', (event: MouseEvent) => {
      if ((event.target as Element).closest('g.marker')) return;
      const pt = element.createSVGPoint();
      pt.x = event.clientX;
      pt.y = event.clientY;
      const p = pt.matrixTransform(element.getScreenCTM()!.inverse());
      onPlace(Math.round(p.x), Math.round(p.y));
    });
}
