import type { Idea } from '@tubewise/contract';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatMonth } from '../discover/idea-format.ts';
import { formatNumber } from '../../../lib/format.ts';
import { TREND_CHART_HEIGHT } from './trend-chart-size.ts';
import { trendAxisLabel } from './trend-chart-format.ts';

/** Monthly estimated searches of an idea as a line chart (loaded lazily by the details page). */
export default function TrendChart({ trend }: { trend: Idea['trend'] }) {
  return (
    <LineChart
      height={TREND_CHART_HEIGHT}
      xAxis={[
        {
          scaleType: 'point',
          data: trend.map((p) => formatMonth(p.month)),
        },
      ]}
      // Compact labels in an axis sized to them: full numbers ("10,000") were cut to "10,…".
      yAxis={[{ valueFormatter: trendAxisLabel, width: 'auto' }]}
      series={[
        {
          data: trend.map((p) => p.volume),
          label: 'Estimated searches',
          area: true,
          showMark: trend.length <= 12,
          valueFormatter: (v: number | null) => (v === null ? '' : formatNumber(v)),
        },
      ]}
      hideLegend
      // The chart is a picture described by its caption (aria-hidden on the page): it must not
      // take the keyboard focus, which MUI X Charts gives it for keyboard navigation by default.
      disableKeyboardNavigation
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
