import type { Idea } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import {
  competitionBand,
  opportunityBand,
  opportunityColor,
  trendChangeText,
  trendDirection,
  volumeShort,
} from './idea-format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

const SPARK_WIDTH = 64;
const SPARK_HEIGHT = 20;

/** Points of a sparkline polyline scaled into the box (a flat line for constant figures). */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length < 2) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  return values
    .map((value, i) => {
      const x = (i / (values.length - 1)) * width;
      const y = span === 0 ? height / 2 : height - ((value - min) / span) * (height - 2) - 1;
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The trend of an idea: a tiny line of its monthly searches (decorative) and the change of the
 * last three months, named for screen readers; "No trend data" without monthly figures.
 */
export function IdeaTrend({ idea }: { idea: Idea }) {
  const change = trendChangeText(idea.trendChange);
  if (idea.trend.length < 2 || idea.trendChange === null || change === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        <span aria-hidden>—</span>
        <Box component="span" sx={visuallyHidden}>
          No trend data
        </Box>
      </Typography>
    );
  }
  const direction = trendDirection(idea.trendChange);
  const color =
    direction === 'Rising' ? 'success.main' : direction === 'Falling' ? 'error.main' : 'info.main';
  return (
    <Box
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
      aria-label={`${direction}, ${change} over the last three months`}
      role="img"
    >
      <Box
        component="svg"
        aria-hidden
        width={SPARK_WIDTH}
        height={SPARK_HEIGHT}
        viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
        sx={{ color, flexShrink: 0, overflow: 'visible' }}
      >
        <polyline
          points={sparklinePoints(
            idea.trend.map((p) => p.volume),
            SPARK_WIDTH,
            SPARK_HEIGHT,
          )}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
      </Box>
      <Typography variant="body2" component="span" sx={{ color, fontWeight: 500 }}>
        {change}
      </Typography>
    </Box>
  );
}

/** The opportunity score as a coloured chip with its band ("72 · High"). */
export function OpportunityChip({ score }: { score: number }) {
  const band = opportunityBand(score);
  return (
    <Chip
      size="small"
      color={opportunityColor(band)}
      variant="outlined"
      label={`${score} · ${band}`}
      aria-label={`Opportunity ${score} of 100, ${band}`}
      sx={{ fontWeight: 600, minWidth: 84 }}
    />
  );
}

/** Estimated monthly searches, compact ("12K"), with the full figure in the title. */
export function IdeaVolume({ volume }: { volume: number | null }) {
  return (
    <Typography variant="body2" component="span" title={volume === null ? undefined : `${volume}`}>
      {volumeShort(volume)}
    </Typography>
  );
}

/** Advertiser competition as a band ("Low", "Medium", "High", "Unknown"). */
export function IdeaCompetition({ competition }: { competition: number | null }) {
  return (
    <Typography variant="body2" component="span">
      {competitionBand(competition)}
    </Typography>
  );
}
