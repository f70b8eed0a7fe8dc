/**
 * A floor plan drawn with d3: the plan image and every resource at its
 * position, coloured by state, in one SVG layer. Zoom and pan change only the
 * layer's transform (no React render), hover shows details, a click or Enter
 * picks a resource. Arrow keys move between resources (one tab stop). Each
 * place carries its caption once the zoom makes it legible (LABEL_MIN_PX).
 */
import { select, zoom, zoomIdentity, type ZoomBehavior } from 'd3';
import { useEffect, useRef } from 'react';
import './floorplan.css';

export interface PlanItem {
  id: number;
  name: string;
  /** 0 room, 1 desk. */
  type: number;
  x: number;
  y: number;
  state: string;
  label: string;
  detail: string;
  pickable: boolean;
  /** Written beside the marker when the zoom allows: the name, and the capacity of a room. */
  caption?: string;
}

/** Captions are drawn at 12 plan units; below this many screen pixels they would only clutter the plan. */
export const LABEL_MIN_PX = 9;
const LABEL_UNITS = 12;

export interface FloorPlanProps {
  image: string | null;
  width: number;
  height: number;
  items: PlanItem[];
  onPick: (id: number) => void;
  label: string;
  zoomInLabel: string;
  zoomOutLabel: string;
  resetLabel: string;
}

export function FloorPlan({
  image,
  width,
  height,
  items,
  onPick,
  label,
  zoomInLabel,
  zoomOutLabel,
  resetLabel,
}: FloorPlanProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const focusRef = useRef(0);

  // Zoom and pan: set up once per plan size. Captions show while they are legible at the current scale.
  useEffect(() => {
    const el = svgRef.current!;
    const svg = select(el);
    const layer = svg.select<SVGGElement>('g.fp-layer');
    let k = 1;
    const legible = () => {
      const fit = Math.min(el.clientWidth / width, el.clientHeight / height) || 0;
      el.classList.toggle('fp-captions', LABEL_UNITS * k * fit >= LABEL_MIN_PX);
    };
    const z = zoom<SVGSVGElement, unknown>()
      .scaleExtent([0.25, 12])
      .on('zoom', (e) => {
        layer.attr('transform', e.transform.toString());
        k = e.transform.k;
        legible();
      });
    svg.call(z).on('dblclick.zoom', null);
    zoomRef.current = z;
    legible();
    const resized = new ResizeObserver(legible);
    resized.observe(el);
    return () => {
      svg.on('.zoom', null);
      resized.disconnect();
    };
  }, [width, height]);

  // Markers: one data join in one group.
  useEffect(() => {
    const marks = select(svgRef.current!).select<SVGGElement>('g.fp-marks');
    const tip = select(tipRef.current!);
    const sel = marks.selectAll<SVGGElement, PlanItem>('g.fp-item').data(items, (d) => String(d.id));
    sel.exit().remove();
    const enter = sel.enter().append('g').attr('class', 'fp-item').attr('role', 'button');
    enter.each(function (d) {
      const g = select(this);
      if (d.type === 1) g.append('circle').attr('r', 9);
      else g.append('rect').attr('x', -16).attr('y', -11).attr('width', 32).attr('height', 22).attr('rx', 3);
    });
    const all = enter.merge(sel);
    // Captions sit in their own layer, outside the buttons, so each button's name stays its label alone.
    select(svgRef.current!)
      .select<SVGGElement>('g.fp-texts')
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
    all
      .attr('transform', (d) => `translate(${d.x},${d.y})`)
      .attr('class', (d) => `fp-item fp-${d.state}${d.pickable ? ' fp-pickable' : ''}`)
      .attr('data-id', (d) => d.id)
      .attr('aria-label', (d) => d.label)
      .attr('aria-disabled', (d) => (d.pickable ? null : 'true'))
      .attr('tabindex', (_d, i) => (i === Math.min(focusRef.current, items.length - 1) ? 0 : -1));
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
        if (d.pickable) pickRef.current(d.id);
      })
      .on('focus', function (_e, d) {
        focusRef.current = items.indexOf(d);
        tip.style('display', 'block').style('left', '8px').style('top', '8px').text(d.detail);
      })
      .on('blur', () => {
        tip.style('display', 'none');
      })
      .on('keydown', function (event: KeyboardEvent, d) {
        const i = items.indexOf(d);
        const step = ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 } as Record<string, number>)[event.key];
        if (step) {
          event.preventDefault();
          const next = (i + step + items.length) % items.length;
          const nodes = all.nodes();
          nodes[i]?.setAttribute('tabindex', '-1');
          nodes[next]?.setAttribute('tabindex', '0');
          (nodes[next] as SVGGElement | undefined)?.focus();
        } else if ((event.key === 'Enter' || event.key === ' ') && d.pickable) {
          event.preventDefault();
          pickRef.current(d.id);
        }
      });
  }, [items]);

  const zoomBy = (k: number) => {
    if (zoomRef.current) select(svgRef.current!).transition().duration(200).call(zoomRef.current.scaleBy, k);
  };
  const reset = () => {
    if (zoomRef.current)
      select(svgRef.current!).transition().duration(200).call(zoomRef.current.transform, zoomIdentity);
  };

  return (
    <div className="floorplan">
      <div className="fp-tools">
        <button
          type="button"
          className="ui icon mini basic button fp-zoom-in"
          aria-label={zoomInLabel}
          title={zoomInLabel}
          onClick={() => zoomBy(1.5)}
        >
          <i className="zoom in icon" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="ui icon mini basic button fp-zoom-out"
          aria-label={zoomOutLabel}
          title={zoomOutLabel}
          onClick={() => zoomBy(1 / 1.5)}
        >
          <i className="zoom out icon" aria-hidden="true" />
        </button>
        <button type="button" className="ui labeled icon mini basic button fp-reset" onClick={reset}>
          <i className="expand icon" aria-hidden="true" />
          {resetLabel}
        </button>
      </div>
      <div className="fp-stage">
        <svg
          ref={svgRef}
          viewBox={`0 0 ${width} ${height}`}
          role="group"
          aria-label={label}
          data-testid="floorplan"
          preserveAspectRatio="xMidYMid meet"
        >
          <g className="fp-layer">
            {image ? (
              <image href={image} x={0} y={0} width={width} height={height} aria-hidden="true" />
            ) : (
              <rect className="fp-blank" x={0} y={0} width={width} height={height} />
            )}
            <g className="fp-marks" />
            <g className="fp-texts" aria-hidden="true" />
          </g>
        </svg>
        <div ref={tipRef} className="fp-tip" role="status" />
      </div>
    </div>
  );
}
