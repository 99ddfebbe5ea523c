import type { ThumbnailTest, ThumbnailVariant } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format.ts';
import {
  intervalText,
  METRIC_TEXTS,
  metricValueText,
  probabilityText,
  variantColor,
} from './labs-format.ts';

/** One figure of a variant as a term and its value. */
function Figure({ term, value }: { term: string; value: string }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The variant's image, fitted 16:9 like YouTube shows it. */
function VariantImage({ variant }: { variant: ThumbnailVariant }) {
  return (
    <Box
      component="img"
      src={variant.imageUrl}
      alt={`Thumbnail ${variant.label}`}
      width={variant.width}
      height={variant.height}
      sx={{
        display: 'block',
        width: '100%',
        height: 'auto',
        aspectRatio: '16 / 9',
        objectFit: 'contain',
        bgcolor: 'common.black',
        borderRadius: 1,
      }}
    />
  );
}

/**
 * One variant's card: image, label, whether it is live, its figures over its measured days, and
 * its probability of being best with the 95% credible interval of the deciding metric.
 */
function VariantCard({
  test,
  variant,
  index,
  winner,
}: {
  test: ThumbnailTest;
  variant: ThumbnailVariant;
  index: number;
  winner: boolean;
}) {
  const measured = variant.measuredDays > 0;
  const headingId = `variant-${variant.id}-heading`;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2, borderColor: variant.isLive ? variantColor(index) : undefined, borderWidth: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Box
          aria-hidden
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: variantColor(index),
            color: 'common.white',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 700,
          }}
        >
          {variant.label}
        </Box>
        <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
          Thumbnail {variant.label}
        </Typography>
        {variant.isLive ? <Chip size="small" color="success" label="Live now" /> : null}
        {winner ? <Chip size="small" color="primary" label="Winner" /> : null}
      </Stack>
      <VariantImage variant={variant} />
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: '1fr auto',
          columnGap: 2,
          rowGap: 0.5,
          my: 1.5,
        }}
      >
        <Figure term="Measured days" value={formatNumber(variant.measuredDays)} />
        <Figure term="Views" value={measured ? formatNumber(variant.views) : '—'} />
        <Figure term="Watch minutes" value={measured ? formatNumber(variant.watchMinutes) : '—'} />
        <Figure
          term="Average percentage viewed"
          value={
            variant.averageViewPercentage === null
              ? '—'
              : metricValueText('averageViewPercentage', variant.averageViewPercentage)
          }
        />
        <Figure
          term="Views per day"
          value={variant.viewsPerDay === null ? '—' : formatNumber(Math.round(variant.viewsPerDay))}
        />
        <Figure term="Hours live" value={formatNumber(Math.round(variant.exposureHours))} />
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        Probability of being best:{' '}
        {variant.probabilityBest === null
          ? 'not yet known'
          : probabilityText(variant.probabilityBest)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round((variant.probabilityBest ?? 0) * 100)}
        aria-label={`Thumbnail ${variant.label}: probability of being best`}
        aria-valuetext={
          variant.probabilityBest === null
            ? 'Not yet known'
            : probabilityText(variant.probabilityBest)
        }
        sx={{
          height: 8,
          borderRadius: 1,
          my: 0.5,
          '& .MuiLinearProgress-bar': { bgcolor: variantColor(index) },
        }}
      />
      <Typography variant="caption" color="text.secondary" component="p">
        95% credible interval of {METRIC_TEXTS[test.metric].label.toLowerCase()}:{' '}
        {intervalText(test.metric, variant)}
      </Typography>
    </Paper>
  );
}

/** The variants side by side (stacked on a phone). */
export function VariantCards({ test }: { test: ThumbnailTest }) {
  const winnerId = test.decision?.applied === 'winner' ? test.decision.winnerVariantId : null;
  return (
    <Box
      role="list"
      aria-label="Thumbnails in this test"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, minmax(0, 1fr))',
          md: `repeat(${Math.max(2, test.variants.length)}, minmax(0, 1fr))`,
        },
      }}
    >
      {test.variants.map((variant, index) => (
        <Box role="listitem" key={variant.id}>
          <VariantCard
            test={test}
            variant={variant}
            index={index}
            winner={variant.id === winnerId}
          />
        </Box>
      ))}
    </Box>
  );
}
