import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { VideoRow } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ImageNotSupportedOutlined from '@mui/icons-material/ImageNotSupportedOutlined';
import { optimizationVideoHref } from '../../../config/paths.ts';
import {
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelativeDate,
} from '../../../lib/format.ts';
import { IMPACT_LABEL, impactValueText, levelColor, levelValueText } from './format.ts';

/** Shown as a video's title when it has none. */
export const UNTITLED = '(untitled)';
/** Thumbnail size in the table (16:9). */
const THUMB = { width: 120, height: 68 };

/** A video's thumbnail, replaced by a placeholder when missing or broken (spec section 8). */
export function VideoThumbnail({
  src,
  width = THUMB.width,
  fluid = false,
}: {
  src: string | null;
  width?: number;
  /** Shrinks with a narrower container (at most `width`), keeping 16:9. */
  fluid?: boolean;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const height = Math.round((width * 9) / 16);
  const size = fluid
    ? { width: '100%', maxWidth: width, height: 'auto', aspectRatio: `${width} / ${height}` }
    : { width, height };
  const box = { ...size, flexShrink: 0, borderRadius: 1, bgcolor: 'grey.100' } as const;
  if (!src || failedSrc === src) {
    return (
      <Box
        data-testid="video-thumbnail-placeholder"
        aria-hidden
        sx={{ ...box, display: 'grid', placeItems: 'center', color: 'text.disabled' }}
      >
        <ImageNotSupportedOutlined />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      referrerPolicy="no-referrer"
      data-testid="video-thumbnail"
      onError={() => setFailedSrc(src)}
      sx={{ ...box, objectFit: 'cover' }}
    />
  );
}

/** The chips of a video: Draft, Short, visibility or Scheduled, and Updated on YouTube. */
export function VideoChips({ video }: { video: VideoRow }) {
  const chips: string[] = [];
  if (video.hasDraft) chips.push('Draft');
  if (video.isShort) chips.push('Short');
  if (video.scheduled) chips.push('Scheduled');
  else if (video.privacyStatus === 'private') chips.push('Private');
  else if (video.privacyStatus === 'unlisted') chips.push('Unlisted');
  if (video.updatedOnPlatform) chips.push('Updated on YouTube');
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {chips.map((label) => (
        <Chip
          key={label}
          label={label}
          size="small"
          variant="outlined"
          color={label === 'Updated on YouTube' ? 'warning' : 'default'}
        />
      ))}
    </Stack>
  );
}

/** Title link to the editor, chips and the search term of a video. */
export function VideoSummary({ video }: { video: VideoRow }) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Link
        component={RouterLink}
        to={optimizationVideoHref(video.videoId)}
        underline="hover"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {video.title || UNTITLED}
      </Link>
      <VideoChips video={video} />
      {video.searchTerm ? (
        <Typography variant="caption" color="text.secondary">
          Search term: {video.searchTerm}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The optimisation level as progress: a bar filling up as tips are applied, and its share. */
export function LevelMeter({ level }: { level: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 96 }}>
      <LinearProgress
        variant="determinate"
        value={level}
        color={levelColor(level)}
        aria-label="Optimization level"
        aria-valuetext={levelValueText(level)}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2" component="span" sx={{ minWidth: 36, textAlign: 'right' }}>
        {level}%
      </Typography>
    </Stack>
  );
}

/**
 * The optimisation impact as what is left to gain ("Room to improve", out of 100) in a neutral
 * colour: it falls as tips are applied, which is good news, so it is never a red/green grade.
 */
export function ImpactMeter({ impact }: { impact: number }) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 96 }}>
      <Typography variant="body2" component="span">
        {impact}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          /100
        </Box>
      </Typography>
      <LinearProgress
        variant="determinate"
        value={impact}
        color="inherit"
        aria-label={IMPACT_LABEL}
        aria-valuetext={impactValueText(impact)}
        sx={{ height: 6, borderRadius: 3, color: 'text.secondary' }}
      />
    </Stack>
  );
}

/** The last publish through the product: "3 days ago" (exact date on hover), or "—". */
export function LastUpdate({ at }: { at: string | null }) {
  if (!at) {
    return (
      <Typography variant="body2" component="span" title="Never updated">
        —
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="time" dateTime={at} title={formatDateTime(at)}>
      {formatRelativeDate(at)}
    </Typography>
  );
}

/** Views as a compact number ("12.3K"), the exact count on hover; "—" when unknown. */
export function Views({ views }: { views: number | null }) {
  if (views === null) return <Typography variant="body2">—</Typography>;
  return (
    <Typography variant="body2" component="span" title={`${formatNumber(views)} views`}>
      {formatCompactNumber(views)}
    </Typography>
  );
}

/** The uploaded, published or scheduled date; scheduled dates are marked "Scheduled". */
export function VideoDate({ video }: { video: VideoRow }) {
  if (!video.date) return <Typography variant="body2">—</Typography>;
  return (
    <Stack spacing={0}>
      {video.scheduled ? (
        <Typography variant="caption" color="secondary" sx={{ fontWeight: 600 }}>
          Scheduled
        </Typography>
      ) : null}
      <Typography
        variant="body2"
        component="time"
        dateTime={video.date}
        title={formatDateTime(video.date)}
      >
        {formatDate(video.date)}
      </Typography>
    </Stack>
  );
}
