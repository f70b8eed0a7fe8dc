/**
 * The places layer: every resource as a button at its position (a circle for a desk, a rectangle for a room),
 * coloured by state, in one d3 data join. Hover and focus show the details in the tip; a click, Enter or space picks
 * a pickable place; the arrow keys move between places, which share one tab stop.
 */
import { select, type Selection } from 'd3';
import type { PlanItem } from './plan-item.ts';

/**
 * The glyph drawn on each place besides its colour (issue 24), the same as the booking grid's (timegrid.css) and the
 * plan legend's, so no two states differ by colour alone. Free places carry none.
 */
export const STATE_GLYPHS: Record<string, string> = {
  free: '',
  mine: '★',
  other: '●',
  approvalMine: '☆',
  approvalOther: '○',
  expired: '–',
  disabled: '■',
  outside: '◆',
  unavailable: '≡',
  noReservation: '∅',
};

const KEY_STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export interface PlacesLayer {
  marks: Selection<SVGGElement, unknown, null, undefined>;
  tip: Selection<HTMLDivElement, unknown, null, undefined>;
  /** The index of the place that holds the tab stop, kept across redraws. */
  focus: { current: number };
  pick: (id: number) => void;
  /** A click, Enter or space on a place that cannot be picked (so the screen can say why). */
  refuse?: (id: number) => void;
}

export function drawPlaces({ marks, tip, focus, pick, refuse }: PlacesLayer, items: PlanItem[]) {
  const sel = marks.selectAll<SVGGElement, PlanItem>('g.fp-item').data(items, (d) => String(d.id));
  sel.exit().remove();
  const enter = sel.enter().append('g').attr('class', 'fp-item').attr('role', 'button');
  enter.each(function (d) {
    const g = select(this);
    if (d.type === 1) g.append('circle').attr('r', 9);
    else g.append('rect').attr('x', -16).attr('y', -11).attr('width', 32).attr('height', 22).attr('rx', 3);
    g.append('text').attr('class', 'fp-glyph').attr('aria-hidden', 'true').attr('dy', '0.35em');
  });
  const all = enter.merge(sel);
  all
    .attr('transform', (d) => `translate(${d.x},${d.y})`)
    .attr('class', (d) => `fp-item fp-${d.state}${d.pickable ? ' fp-pickable' : ''}`)
    .attr('data-id', (d) => d.id)
    .attr('aria-label', (d) => d.label)
    .attr('aria-disabled', (d) => (d.pickable ? null : 'true'))
    .attr('tabindex', (_d, i) => (i === Math.min(focus.current, items.length - 1) ? 0 : -1));
  all.select('text.fp-glyph').text((d) => STATE_GLYPHS[d.state] ?? '');
  all
    .on('mouseenter', function (event: MouseEvent, d) {
      tip
        .style('display', 'block')
        .style('left', `${event.offsetX + 14}px`)
        .style('top', `${event.offsetY + 14}px`)
        .text(d.detail);
    })
    .on('mouseleave', () => {
      tip.style('display', 'none');
    })
    .on('click', (_e, d) => {
      if (d.pickable) pick(d.id);
      else refuse?.(d.id);
    })
    .on('focus', function (_e, d) {
      focus.current = items.indexOf(d);
      tip.style('display', 'block').style('left', '8px').style('top', '8px').text(d.detail);
    })
    .on('blur', () => {
      tip.style('display', 'none');
    })
    .on('keydown', function (event: KeyboardEvent, d) {
      const i = items.indexOf(d);
      const step = KEY_STEPS[event.key];
      if (step) {
        event.preventDefault();
        const next = (i + step + items.length) % items.length;
        const nodes = all.nodes();
        nodes[i]?.setAttribute('tabindex', '-1');
        nodes[next]?.setAttribute('tabindex', '0');
        (nodes[next] as SVGGElement | undefined)?.focus();
      } else if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        if (d.pickable) pick(d.id);
        else refuse?.(d.id);
      }
    });
}
