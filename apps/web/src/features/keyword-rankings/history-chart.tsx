import { LineChart } from '@mui/x-charts/LineChart';
import type { KeywordRanking } from '@tubewise/contract';
import { HISTORY_CHART_HEIGHT } from './chart-sizes.ts';
import { dayText } from './rankings-format.ts';

/**
 * A keyword's rank per day over 90 days, best at the top; a day without rank sits one place
 * below the checked depth (loaded lazily; described by its caption, so it takes no focus).
 */
export default function HistoryChart({
  history,
  depth,
}: {
  history: KeywordRanking['history'];
  depth: number;
}) {
  const worst = depth + 1;
  return (
    <LineChart
      height={HISTORY_CHART_HEIGHT}
      xAxis={[
        {
          scaleType: 'time',
          data: history.map((p) => new Date(`${p.day}T00:00:00Z`)),
          valueFormatter: (d: Date) => dayText(d.toISOString().slice(0, 10)),
          tickNumber: 5,
        },
      ]}
      yAxis={[
        {
          min: 1,
          max: worst,
          reverse: true,
          width: 'auto',
          valueFormatter: (v: number) => (v >= worst ? 'none' : `#${v}`),
        },
      ]}
      series={[
        {
          data: history.map((p) => p.position ?? worst),
          label: 'Rank',
          showMark: history.length <= 31,
          valueFormatter: (v: number | null) =>
            v === null ? '' : v >= worst ? `not in top ${depth}` : `#${v}`,
        },
      ]}
      hideLegend
      disableKeyboardNavigation
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
