/**
 * The captions layer: each place's caption under its marker, in a group of its own outside the buttons, so each
 * button's name stays its label alone. The captions show only once the zoom makes them legible.
 */
import type { Selection } from 'd3';
import type { PlanItem } from './plan-item.ts';

/** Captions are drawn at 12 plan units; below this many screen pixels they would only clutter the plan. */
export const LABEL_MIN_PX = 9;
const LABEL_UNITS = 12;

/** Shows the captions (class `fp-captions` on the SVG) while they are legible at zoom `k`. */
export function showLegibleCaptions(el: SVGSVGElement, width: number, height: number, k: number) {
  const fit = Math.min(el.clientWidth / width, el.clientHeight / height) || 0;
  el.classList.toggle('fp-captions', LABEL_UNITS * k * fit >= LABEL_MIN_PX);
}

/** Joins the captions of `items` (those that have one) into the `g.fp-texts` group. */
export function drawCaptions(texts: Selection<SVGGElement, unknown, null, undefined>, items: PlanItem[]) {
  texts
    .selectAll<SVGTextElement, PlanItem>('text.fp-caption')
    .data(
      items.filter((d) => d.caption),
      (d) => String(d.id),
    )
    .join('text')
    .attr('class', 'fp-caption')
    .attr('x', (d) => d.x)
    .attr('y', (d) => d.y + (d.type === 1 ? 22 : 25))
    .text((d) => d.caption ?? '');
}
