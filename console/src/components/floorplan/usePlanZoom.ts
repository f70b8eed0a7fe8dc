/**
 * Zoom and pan of the floor plan with d3: set up once per plan size, they change only the `g.fp-layer` transform
 * (no React render) and show the captions while they are legible. Double click does not zoom.
 */
import { select, zoom, zoomIdentity, type ZoomBehavior } from 'd3';
import { useEffect, useRef, type RefObject } from 'react';
import { showLegibleCaptions } from './captions-layer.ts';

export function usePlanZoom(svgRef: RefObject<SVGSVGElement | null>, width: number, height: number) {
  const zoomRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);

  useEffect(() => {
    const el = svgRef.current!;
    const svg = select(el);
    const layer = svg.select<SVGGElement>('g.fp-layer');
    let k = 1;
    const legible = () => showLegibleCaptions(el, width, height, k);
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
  }, [svgRef, width, height]);

  /** Zooms by factor `k` about the centre, in 200 ms. */
  const zoomBy = (k: number) => {
    if (zoomRef.current) select(svgRef.current!).transition().duration(200).call(zoomRef.current.scaleBy, k);
  };
  /** Back to the whole plan, in 200 ms. */
  const reset = () => {
    if (zoomRef.current)
      select(svgRef.current!).transition().duration(200).call(zoomRef.current.transform, zoomIdentity);
  };
  return { zoomBy, reset };
}
