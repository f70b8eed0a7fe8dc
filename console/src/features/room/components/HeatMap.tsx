/** The dashboard's bookings per hour of the week, drawn with d3 into SVG. */
import { interpolateBlues, max, scaleSequential } from 'd3';
import { D3Svg, type ChartSvg } from './D3Svg.tsx';

/** Bookings per hour of the week: 7 rows (Sunday first) × 24 hours. */
export function HeatMap({
  grid,
  label,
  dayNames,
  testId,
}: {
  grid: number[][];
  label: string;
  dayNames: string[];
  testId?: string;
}) {
  const cell = 18;
  const left = 50;
  const top = 20;
  const width = left + 24 * cell + 10;
  const height = top + 7 * cell + 10;
  const draw = (svg: ChartSvg) => {
    const most = max(grid.flat()) || 1;
    const color = scaleSequential(interpolateBlues).domain([0, most]);
    const cells = grid.flatMap((row, d) => row.map((v, h) => ({ d, h, v })));
    svg
      .append('g')
      .selectAll('rect')
      .data(cells)
      .join('rect')
      .attr('x', (c) => left + c.h * cell)
      .attr('y', (c) => top + c.d * cell)
      .attr('width', cell - 1)
      .attr('height', cell - 1)
      .attr('fill', (c) => (c.v ? color(c.v) : '#f3f4f5'))
      .attr('class', 'heat-cell')
      .append('title')
      .text((c) => `${dayNames[c.d]} ${String(c.h).padStart(2, '0')}:00 — ${c.v}`);
    svg
      .append('g')
      .selectAll('text')
      .data(dayNames)
      .join('text')
      .attr('x', left - 6)
      .attr('y', (_, d) => top + d * cell + cell / 2)
      .attr('dy', '0.35em')
      .attr('text-anchor', 'end')
      .attr('font-size', 11)
      .attr('fill', '#1b1b1b')
      .text((n) => n);
    svg
      .append('g')
      .selectAll('text')
      .data([0, 3, 6, 9, 12, 15, 18, 21])
      .join('text')
      .attr('x', (h) => left + h * cell + cell / 2)
      .attr('y', top - 6)
      .attr('text-anchor', 'middle')
      .attr('font-size', 11)
      .attr('fill', '#1b1b1b')
      .text((h) => String(h).padStart(2, '0'));
  };
  const total = grid.flat().reduce((a, b) => a + b, 0);
  return (
    <D3Svg
      draw={draw}
      deps={[grid, dayNames]}
      className="chart heat-map"
      viewBox={`0 0 ${width} ${height}`}
      label={`${label}: ${total}`}
      testId={testId}
    />
  );
}
