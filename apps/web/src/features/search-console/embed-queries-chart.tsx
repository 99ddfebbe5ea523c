import { BarChart } from '@mui/x-charts/BarChart';
import { embedChartHeight } from './chart-size.ts';

/**
 * Clicks of the top searches leading to pages with the channel's videos, as horizontal bars
 * (loaded lazily by the section; a picture the table below states in full, so it takes no focus).
 */
export default function EmbedQueriesChart({
  bars,
}: {
  bars: readonly { query: string; clicks: number }[];
}) {
  return (
    <BarChart
      height={embedChartHeight(bars.length)}
      layout="horizontal"
      yAxis={[
        {
          scaleType: 'band',
          data: bars.map((b) => b.query),
          width: 160,
          valueFormatter: (q: string) => (q.length > 24 ? `${q.slice(0, 23)}…` : q),
        },
      ]}
      xAxis={[{ min: 0, tickMinStep: 1 }]}
      series={[
        {
          data: bars.map((b) => b.clicks),
          label: 'Clicks',
          valueFormatter: (v: number | null) => (v === null ? '' : v.toLocaleString('en-US')),
        },
      ]}
      hideLegend
      // The chart is a picture described by the table (aria-hidden on the page): no focus.
      disableKeyboardNavigation
      margin={{ left: 0, right: 28, top: 8, bottom: 0 }}
    />
  );
}
