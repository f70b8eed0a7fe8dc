import { select, type Selection } from 'd3';
import { useEffect, useRef } from 'react';

/** The chart's SVG element as d3 selects it. */
export type ChartSvg = Selection<SVGSVGElement | null, unknown, null, undefined>;

interface Props {
  /** Draws into the emptied element after each render whose `deps` changed. */
  draw: (svg: ChartSvg) => void;
  deps: readonly unknown[];
  className: string;
  viewBox: string;
  /** What a screen reader reads for the chart. */
  label: string;
  width?: number | string;
  height?: number;
  testId?: string;
}

/** A chart of the dashboard: an SVG image drawn by d3. */
export function D3Svg({ draw, deps, className, viewBox, label, width = '100%', height, testId }: Props) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const svg = select(ref.current);
    svg.selectAll('*').remove();
    draw(svg);
  }, deps);
  return (
    <svg
      ref={ref}
      className={className}
      viewBox={viewBox}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
