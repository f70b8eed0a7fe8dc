/** The dashboard's charts, drawn with d3 into SVG (these modules are only loaded by the dashboard screens). */
export { BarChart, type Bar } from './BarChart.tsx';
export { HeatMap } from './HeatMap.tsx';
export { RateRing } from './RateRing.tsx';
