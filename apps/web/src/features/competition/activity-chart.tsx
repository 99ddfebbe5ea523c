import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatNumber } from '../../lib/format.ts';
import { ACTIVITY_CHART_HEIGHT } from './chart-sizes.ts';
import { weekViewsPerVideo } from './competition-format.ts';

/** One channel's weekly figures for the chart. */
export interface ActivitySeries {
  label: string;
  weeks: readonly { uploads: number; views: number }[];
}

const margin = { left: 8, right: 16, top: 16, bottom: 8 };

/**
 * Each channel's weeks of the period: uploads per week as grouped bars, or views per video of
 * each week's uploads as lines (loaded lazily by the page; a picture the table below states, so
 * it takes no focus).
 */
export default function ActivityChart({
  metric,
  weekLabels,
  channels,
}: {
  metric: 'uploads' | 'viewsPerVideo';
  weekLabels: readonly string[];
  channels: readonly ActivitySeries[];
}) {
  // Every other week's label when there are many, so the labels never run into each other.
  const every = weekLabels.length > 7 ? 2 : 1;
  const tickLabelInterval = (_value: unknown, index: number) => index % every === 0;
  const xAxis = [{ scaleType: 'band' as const, data: [...weekLabels], tickLabelInterval }];
  if (metric === 'uploads') {
    return (
      <BarChart
        height={ACTIVITY_CHART_HEIGHT}
        xAxis={xAxis}
        yAxis={[{ min: 0, tickMinStep: 1, width: 'auto' }]}
        series={channels.map((c) => ({
          label: c.label,
          data: c.weeks.map((w) => w.uploads),
        }))}
        disableKeyboardNavigation
        margin={margin}
      />
    );
  }
  return (
    <LineChart
      height={ACTIVITY_CHART_HEIGHT}
      xAxis={[{ scaleType: 'point', data: [...weekLabels], tickLabelInterval }]}
      yAxis={[{ min: 0, width: 'auto' }]}
      series={channels.map((c) => ({
        label: c.label,
        data: c.weeks.map(weekViewsPerVideo),
        valueFormatter: (v: number | null) =>
          v === null ? 'No uploads' : formatNumber(Math.round(v)),
      }))}
      disableKeyboardNavigation
      margin={margin}
    />
  );
}
