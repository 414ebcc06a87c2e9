import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';

export type ChartSeries = {
  name: string;
  label: string;
  color: string;
  /** A series of another size than the others (teams beside users) gets its own axis, on the right. */
  yAxisId?: 'right';
};

/**
 * The least height of a bar whose value is not zero, in pixels: a week with a few minutes in VR
 * beside weeks of hours is a sliver under one pixel at its true height, and a week with any use
 * must show a bar. A zero stays without one.
 */
const minBarPixels = 3;
const barProps = {
  minPointSize: (value: number | null | undefined) => (value ? minBarPixels : 0),
};

/**
 * One weekly chart of the usage screens: bars for counts, a line for a level held against use
 * (licenses). Loaded with its chart library only by the screens that show it (ChartCard).
 */
export function WeekChart({
  data,
  series,
  kind = 'bar',
  unit,
  valueFormatter,
}: {
  data: Record<string, string | number>[];
  series: ChartSeries[];
  kind?: 'bar' | 'line';
  unit?: string;
  /** The text of a value on the axis and in the tooltip; the number as it is by default. */
  valueFormatter?: (value: number) => string;
}) {
  const common = {
    h: 220,
    data,
    dataKey: 'week',
    series,
    withLegend: series.length > 1,
    withRightYAxis: series.some((s) => s.yAxisId === 'right'),
    legendProps: { verticalAlign: 'bottom' as const, height: 40 },
    tickLine: 'y' as const,
    unit,
    valueFormatter,
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 12 },
    'aria-hidden': true,
    // The chart is for the eye: its numbers are the table's. No focus stop, no keyboard layer.
    accessibilityLayer: false,
  };
  return kind === 'line' ? (
    <LineChart {...common} curveType="linear" />
  ) : (
    <BarChart {...common} barProps={barProps} />
  );
}
