import type { RankingsMovement } from '@tubewise/contract';
import { LineChart } from '@mui/x-charts/LineChart';
import { percentText, shortDayText } from './movement-format.ts';
import { VISIBILITY_CHART_HEIGHT } from './visibility-chart-size.ts';

/**
 * The visibility score per day and the top-20 share on the days it was read, as lines over the
 * period (loaded lazily by the page; a picture its caption describes).
 */
export default function VisibilityChart({
  visibility,
  share,
}: {
  visibility: RankingsMovement['visibility'];
  share: RankingsMovement['top20ShareHistory'];
}) {
  const shareOn = new Map(share.map((p) => [p.day, p.share]));
  const days = visibility.map((p) => new Date(`${p.day}T00:00:00Z`));
  const few = visibility.length <= 31;
  return (
    <LineChart
      height={VISIBILITY_CHART_HEIGHT}
      xAxis={[
        {
          scaleType: 'time',
          data: days,
          valueFormatter: (d: Date) => shortDayText(d),
          tickNumber: 6,
        },
      ]}
      yAxis={[{ min: 0, valueFormatter: (v: number) => `${v}%`, width: 'auto' }]}
      series={[
        {
          data: visibility.map((p) => p.score),
          label: 'Visibility',
          showMark: few,
          valueFormatter: (v: number | null) => (v === null ? '' : percentText(v)),
        },
        {
          data: visibility.map((p) => shareOn.get(p.day) ?? null),
          label: 'Share of the top 20',
          connectNulls: true,
          showMark: true,
          valueFormatter: (v: number | null) => (v === null ? '' : percentText(v)),
        },
      ]}
      // The chart is a picture described by its caption (aria-hidden on the page): it must not
      // take the keyboard focus, which MUI X Charts gives it for keyboard navigation by default.
      disableKeyboardNavigation
      margin={{ left: 8, right: 16, top: 16, bottom: 8 }}
    />
  );
}
