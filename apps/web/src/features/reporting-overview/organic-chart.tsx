import type { OrganicStats } from '@tubewise/contract';
import { LineChart } from '@mui/x-charts/LineChart';
import { ORGANIC_CHART_HEIGHT } from './chart-size.ts';
import { shortDayText } from './overview-format.ts';

/**
 * Views from YouTube search per day of the period, and of the matching day of the previous
 * period, as lines (loaded lazily by the page; a picture its caption describes).
 */
export default function OrganicChart({ daily }: { daily: OrganicStats['daily'] }) {
  const days = daily.map((d) => new Date(`${d.day}T00:00:00Z`));
  const few = daily.length <= 31;
  const views = (v: number | null) => (v === null ? '' : v.toLocaleString('en-US'));
  return (
    <LineChart
      height={ORGANIC_CHART_HEIGHT}
      xAxis={[
        {
          scaleType: 'time',
          data: days,
          valueFormatter: (d: Date) => shortDayText(d),
          tickNumber: 6,
        },
      ]}
      yAxis={[{ min: 0, width: 'auto' }]}
      series={[
        {
          data: daily.map((d) => d.views),
          label: 'Views from search',
          area: true,
          showMark: few,
          valueFormatter: views,
        },
        {
          data: daily.map((d) => d.previousViews),
          label: 'Previous period',
          showMark: false,
          valueFormatter: views,
        },
      ]}
      // A picture described by its caption (aria-hidden on the page): no keyboard focus.
      disableKeyboardNavigation
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
