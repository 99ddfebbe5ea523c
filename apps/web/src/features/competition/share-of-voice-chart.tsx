import { BarChart } from '@mui/x-charts/BarChart';
import { shareChartHeight } from './chart-sizes.ts';
import { shareText } from './competition-format.ts';

/**
 * Each channel's share of voice as a horizontal bar (loaded lazily by the page; a picture the
 * table beside it states in full, so it takes no focus).
 */
export default function ShareOfVoiceChart({
  bars,
}: {
  bars: readonly { label: string; share: number }[];
}) {
  return (
    <BarChart
      height={shareChartHeight(bars.length)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 140 }]}
      xAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => `${v}%` }]}
      series={[
        {
          data: bars.map((b) => Math.round(b.share * 1000) / 10),
          label: 'Share of voice',
          valueFormatter: (v: number | null) => (v === null ? '' : shareText(v / 100)),
        },
      ]}
      hideLegend
      // The chart is a picture described by the table (aria-hidden on the page): no focus.
      disableKeyboardNavigation
      margin={{ left: 0, right: 28, top: 8, bottom: 0 }}
    />
  );
}
