import type { ThumbnailTest } from '@tubewise/contract';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatNumber } from '../../lib/format.ts';
import { intervalChartHeight } from './interval-chart-size.ts';
import { metricValueText, variantColor } from './labs-format.ts';

/** An axis tick: "45%" or "1,200" (views per day). */
function tickText(metric: ThumbnailTest['metric'], v: number): string {
  return metric === 'averageViewPercentage' ? `${Number(v.toFixed(1))}%` : formatNumber(v);
}

/**
 * Each variant's 95% credible interval of the deciding metric as a floating bar (loaded lazily
 * by the page; a picture the cards state in words, so it takes no focus).
 */
export default function IntervalChart({ test }: { test: ThumbnailTest }) {
  const measured = test.variants.filter((v) => v.interval !== null);
  const labels = measured.map((v) => `Thumbnail ${v.label}`);
  const lows = measured.map((v) => v.interval!.low);
  const highs = measured.map((v) => v.interval!.high);
  const min = Math.min(...lows);
  const max = Math.max(...highs);
  const pad = (max - min) * 0.1 || 1;
  const floor = Math.max(0, min - pad);
  const format = (v: number | null) => (v === null ? '' : metricValueText(test.metric, v));
  return (
    <BarChart
      height={intervalChartHeight(measured.length)}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: labels, width: 100 }]}
      xAxis={[
        { min: floor, max: max + pad, valueFormatter: (v: number) => tickText(test.metric, v) },
      ]}
      series={[
        // The invisible part up to each interval's low end (stacks start at 0).
        { data: lows, stack: 'interval', color: 'transparent' },
        // One series per thumbnail, with a value only in its own row: each bar its own colour.
        ...measured.map((v, row) => ({
          data: measured.map((_, i) => (i === row ? highs[i]! - lows[i]! : null)),
          stack: 'interval',
          color: variantColor(test.variants.indexOf(v)),
          label: `Thumbnail ${v.label}`,
          valueFormatter: (value: number | null) =>
            value === null ? null : `${format(lows[row]!)} to ${format(highs[row]!)}`,
        })),
      ]}
      hideLegend
      disableKeyboardNavigation
      skipAnimation
      margin={{ left: 0, right: 24, top: 8, bottom: 0 }}
    />
  );
}
