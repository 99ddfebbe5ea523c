import { formatCompactNumber } from '../../../lib/format.ts';

/** A y-axis label of the trend chart: compact ("10K", "1.5M") so it fits beside the plot. */
export function trendAxisLabel(value: number | null): string {
  return value === null ? '' : formatCompactNumber(value);
}
