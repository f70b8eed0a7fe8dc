/** A rate of the dashboard as a ring, drawn with d3 into SVG. */
import { arc } from 'd3';
import { D3Svg, type ChartSvg } from './D3Svg.tsx';

/** A ring showing a rate between 0 and 1. */
export function RateRing({ rate, label, testId }: { rate: number; label: string; testId?: string }) {
  const draw = (svg: ChartSvg) => {
    const g = svg.append('g').attr('transform', 'translate(80,80)');
    const ring = arc<{ start: number; end: number }>()
      .innerRadius(50)
      .outerRadius(70)
      .startAngle((d) => d.start)
      .endAngle((d) => d.end);
    g.append('path')
      .attr('d', ring({ start: 0, end: 2 * Math.PI }))
      .attr('fill', '#e8e8e8');
    g.append('path')
      .attr('d', ring({ start: 0, end: 2 * Math.PI * Math.max(0, Math.min(1, rate)) }))
      .attr('fill', '#db2828')
      .attr('class', 'rate-arc');
    g.append('text')
      .attr('text-anchor', 'middle')
      .attr('dy', '0.35em')
      .attr('font-size', 24)
      .attr('fill', '#1b1b1b')
      .text(`${(rate * 100).toFixed(1)}%`);
  };
  return (
    <D3Svg
      draw={draw}
      deps={[rate]}
      className="chart rate-ring"
      viewBox="0 0 160 160"
      width={160}
      height={160}
      label={`${label}: ${(rate * 100).toFixed(1)}%`}
      testId={testId}
    />
  );
}
