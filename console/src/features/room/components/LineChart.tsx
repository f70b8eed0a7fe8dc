/** Values over time as lines (one per sensor), drawn with d3 into SVG; gaps where a sensor had no value. */
import { axisBottom, axisLeft, extent, line, scaleLinear, scaleTime } from 'd3';
import { D3Svg, type ChartSvg } from './D3Svg.tsx';

export interface Line {
  /** Epoch ms of each point. */
  at: number[];
  values: Array<number | null>;
}

const WIDTH = 480;
const HEIGHT = 160;
const MARGIN = { top: 8, right: 12, bottom: 22, left: 44 };
const COLOURS = ['#0b5cad', '#8a4b00', '#1a7f37', '#b02020'];

export function LineChart({ lines, label, testId }: { lines: Line[]; label: string; testId?: string }) {
  const draw = (svg: ChartSvg) => {
    const times = lines.flatMap((l) => l.at);
    const values = lines.flatMap((l) => l.values.filter((v): v is number => v !== null));
    if (!times.length || !values.length) return;
    const [t0, t1] = extent(times) as [number, number];
    const [v0, v1] = extent(values) as [number, number];
    const x = scaleTime()
      .domain([t0, t1 === t0 ? t0 + 60_000 : t1])
      .range([MARGIN.left, WIDTH - MARGIN.right]);
    const y = scaleLinear()
      .domain(v0 === v1 ? [v0 - 1, v1 + 1] : [v0, v1])
      .nice()
      .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
    svg
      .append('g')
      .attr('transform', `translate(0,${HEIGHT - MARGIN.bottom})`)
      .call(axisBottom(x).ticks(6).tickSizeOuter(0));
    svg.append('g').attr('transform', `translate(${MARGIN.left},0)`).call(axisLeft(y).ticks(4));
    lines.forEach((l, i) => {
      const points = l.at.map((at, j) => [at, l.values[j] ?? null] as const);
      const path = line<(typeof points)[number]>()
        .defined((p) => p[1] !== null)
        .x((p) => x(p[0]))
        .y((p) => y(p[1] ?? 0));
      svg
        .append('path')
        .datum(points)
        .attr('class', 'series')
        .attr('fill', 'none')
        .attr('stroke', COLOURS[i % COLOURS.length]!)
        .attr('stroke-width', 1.5)
        .attr('d', path);
    });
  };
  return (
    <D3Svg
      draw={draw}
      deps={[lines]}
      className="chart line-chart"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      label={label}
      testId={testId}
    />
  );
}
