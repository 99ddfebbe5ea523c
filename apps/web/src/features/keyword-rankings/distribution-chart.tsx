import { BarChart } from '@mui/x-charts/BarChart';
import { DISTRIBUTION_CHART_HEIGHT } from './chart-sizes.ts';
import { BUCKET_LABELS } from './rankings-format.ts';
import type { RankBucket } from './rankings-params.ts';

const ORDER: RankBucket[] = ['top3', 'top10', 'top20', 'noRank'];

/**
 * The keywords per rank bucket as bars (loaded lazily by the page; a picture its caption
 * describes, so it takes no focus).
 */
export default function DistributionChart({
  distribution,
}: {
  distribution: Record<RankBucket, number>;
}) {
  return (
    <BarChart
      height={DISTRIBUTION_CHART_HEIGHT}
      layout="horizontal"
      yAxis={[{ scaleType: 'band', data: ORDER.map((b) => BUCKET_LABELS[b]), width: 110 }]}
      xAxis={[{ min: 0, tickMinStep: 1 }]}
      series={[{ data: ORDER.map((b) => distribution[b]), label: 'Keywords' }]}
      hideLegend
      disableKeyboardNavigation
      margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
    />
  );
}
