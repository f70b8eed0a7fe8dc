/**
 * A floor plan drawn with d3: the plan image and every resource at its
 * position, coloured by state, in one SVG layer (places-layer.ts). Zoom and pan change only the
 * layer's transform (no React render; usePlanZoom), hover shows details, a click or Enter
 * picks a resource. Arrow keys move between resources (one tab stop). Each
 * place carries its caption once the zoom makes it legible (captions-layer.ts, LABEL_MIN_PX).
 */
import { select } from 'd3';
import { useEffect, useRef } from 'react';
import { drawCaptions } from './captions-layer.ts';
import type { PlanItem } from './plan-item.ts';
import { drawPlaces } from './places-layer.ts';
import { usePlanZoom } from './usePlanZoom.ts';
import { ZoomControls } from './ZoomControls.tsx';
import './floorplan.css';

export { LABEL_MIN_PX } from './captions-layer.ts';
export type { PlanItem } from './plan-item.ts';

export interface FloorPlanProps {
  image: string | null;
  width: number;
  height: number;
  items: PlanItem[];
  onPick: (id: number) => void;
  /** A place that cannot be picked was clicked or pressed. */
  onRefuse?: (id: number) => void;
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
  onRefuse,
  label,
  zoomInLabel,
  zoomOutLabel,
  resetLabel,
}: FloorPlanProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const refuseRef = useRef(onRefuse);
  refuseRef.current = onRefuse;
  const focusRef = useRef(0);
  const { zoomBy, reset } = usePlanZoom(svgRef, width, height);

  // Places and captions: one data join each, in their own groups.
  useEffect(() => {
    const svg = select(svgRef.current!);
    drawPlaces(
      {
        marks: svg.select<SVGGElement>('g.fp-marks'),
        tip: select(tipRef.current!),
        focus: focusRef,
        pick: (id) => pickRef.current(id),
        refuse: (id) => refuseRef.current?.(id),
      },
      items,
    );
    drawCaptions(svg.select<SVGGElement>('g.fp-texts'), items);
  }, [items]);

  return (
    <div className="floorplan">
      <ZoomControls
        zoomInLabel={zoomInLabel}
        zoomOutLabel={zoomOutLabel}
        resetLabel={resetLabel}
        zoomBy={zoomBy}
        reset={reset}
      />
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
