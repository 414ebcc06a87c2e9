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
 * One weekly chart of the usage screens: bars for counts, a line for a level held against use
 * (licenses). Loaded with its chart library only by the screens that show it (ChartCard).
 */
export function WeekChart({
  data,
  series,
  kind = 'bar',
  unit,
}: {
  data: Record<string, string | number>[];
  series: ChartSeries[];
  kind?: 'bar' | 'line';
  unit?: string;
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
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 12 },
    'aria-hidden': true,
    // The chart is for the eye: its numbers are the table's. No focus stop, no keyboard layer.
    accessibilityLayer: false,
  };
  return kind === 'line' ? <LineChart {...common} curveType="linear" /> : <BarChart {...common} />;
}
