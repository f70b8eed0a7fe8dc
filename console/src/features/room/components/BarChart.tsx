/** A bar chart of the dashboard, drawn with d3 into SVG. */
import { axisBottom, axisLeft, max, scaleBand, scaleLinear } from 'd3';
import { D3Svg, type ChartSvg } from './D3Svg.tsx';

export interface Bar {
  label: string;
  value: number;
}

/** Horizontal bars; `format` writes a value. */
export function BarChart({
  bars,
  label,
  format,
  maxValue,
  testId,
}: {
  bars: Bar[];
  label: string;
  format: (v: number) => string;
  maxValue?: number;
  testId?: string;
}) {
  const width = 460;
  const rowH = 26;
  const margin = { top: 8, right: 60, bottom: 24, left: 130 };
  const height = margin.top + margin.bottom + Math.max(1, bars.length) * rowH;
  const draw = (svg: ChartSvg) => {
    const x = scaleLinear()
      .domain([0, maxValue ?? (max(bars, (b) => b.value) || 1)])
      .range([margin.left, width - margin.right]);
    const y = scaleBand()
      .domain(bars.map((b, i) => `${i}`))
      .range([margin.top, height - margin.bottom])
      .padding(0.2);
    svg
      .append('g')
      .attr('class', 'bars')
      .selectAll('rect')
      .data(bars)
      .join('rect')
      .attr('x', margin.left)
      .attr('y', (_, i) => y(`${i}`) ?? 0)
      .attr('height', y.bandwidth())
      .attr('width', (b) => Math.max(0, x(b.value) - margin.left))
      .attr('fill', '#2185d0');
    svg
      .append('g')
      .selectAll('text')
      .data(bars)
      .join('text')
      .attr('x', (b) => x(b.value) + 4)
      .attr('y', (_, i) => (y(`${i}`) ?? 0) + y.bandwidth() / 2)
      .attr('dy', '0.35em')
      .attr('font-size', 12)
      .attr('fill', '#1b1b1b')
      .text((b) => format(b.value));
    svg
      .append('g')
      .attr('transform', `translate(${margin.left},0)`)
      .call(
        axisLeft(y).tickFormat((_, i) => {
          const l = bars[i]?.label ?? '';
          return l.length > 18 ? `${l.slice(0, 17)}…` : l;
        }),
      )
      .attr('font-size', 12);
    svg
      .append('g')
      .attr('transform', `translate(0,${height - margin.bottom})`)
      .call(
        axisBottom(x)
          .ticks(4)
          .tickFormat((v) => format(Number(v))),
      );
  };
  const summary = bars.map((b) => `${b.label}: ${format(b.value)}`).join('; ');
  return (
    <D3Svg
      draw={draw}
      deps={[bars, format, height, maxValue]}
      className="chart bar-chart"
      viewBox={`0 0 ${width} ${height}`}
      label={`${label}. ${summary}`}
      testId={testId}
    />
  );
}
