/** The dashboard's charts, drawn with d3 into SVG (this module is only loaded by the dashboard screens). */
import { arc, axisBottom, axisLeft, interpolateBlues, max, scaleBand, scaleLinear, scaleSequential, select } from 'd3';
import { useEffect, useRef } from 'react';

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
  const ref = useRef<SVGSVGElement>(null);
  const width = 460;
  const rowH = 26;
  const margin = { top: 8, right: 60, bottom: 24, left: 130 };
  const height = margin.top + margin.bottom + Math.max(1, bars.length) * rowH;
  useEffect(() => {
    const svg = select(ref.current);
    svg.selectAll('*').remove();
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
  }, [bars, format, height, maxValue]);
  const summary = bars.map((b) => `${b.label}: ${format(b.value)}`).join('; ');
  return (
    <svg
      ref={ref}
      className="chart bar-chart"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={`${label}. ${summary}`}
      data-testid={testId}
    />
  );
}

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
  const ref = useRef<SVGSVGElement>(null);
  const cell = 18;
  const left = 50;
  const top = 20;
  const width = left + 24 * cell + 10;
  const height = top + 7 * cell + 10;
  useEffect(() => {
    const svg = select(ref.current);
    svg.selectAll('*').remove();
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
  }, [grid, dayNames]);
  const total = grid.flat().reduce((a, b) => a + b, 0);
  return (
    <svg
      ref={ref}
      className="chart heat-map"
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      role="img"
      aria-label={`${label}: ${total}`}
      data-testid={testId}
    />
  );
}

/** A ring showing a rate between 0 and 1. */
export function RateRing({ rate, label, testId }: { rate: number; label: string; testId?: string }) {
  const ref = useRef<SVGSVGElement>(null);
  useEffect(() => {
    const svg = select(ref.current);
    svg.selectAll('*').remove();
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
  }, [rate]);
  return (
    <svg
      ref={ref}
      className="chart rate-ring"
      viewBox="0 0 160 160"
      width={160}
      height={160}
      role="img"
      aria-label={`${label}: ${(rate * 100).toFixed(1)}%`}
      data-testid={testId}
    />
  );
}
