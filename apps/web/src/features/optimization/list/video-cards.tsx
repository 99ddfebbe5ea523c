import type { VideoRow } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { VideoSortField } from './constants.ts';
import { IMPACT_LABEL } from './format.ts';
import type { ListState, SortOrder } from './list-params.ts';
import { SKELETON_ROWS } from './video-table.tsx';
import {
  ImpactMeter,
  LevelMeter,
  VideoDate,
  VideoSummary,
  VideoThumbnail,
} from './video-cells.tsx';

/** The sort choices of the compact list (the table sorts by its headers instead). */
export const SORT_CHOICES: { sort: VideoSortField; order: SortOrder; label: string }[] = [
  { sort: 'date', order: 'desc', label: 'Date, newest first' },
  { sort: 'date', order: 'asc', label: 'Date, oldest first' },
  { sort: 'level', order: 'asc', label: 'Level, lowest first' },
  { sort: 'level', order: 'desc', label: 'Level, highest first' },
  { sort: 'impact', order: 'desc', label: 'Most room to improve first' },
  { sort: 'impact', order: 'asc', label: 'Least room to improve first' },
  { sort: 'lastUpdate', order: 'desc', label: 'Last update, newest first' },
  { sort: 'lastUpdate', order: 'asc', label: 'Last update, oldest first' },
];

function Card({ video }: { video: VideoRow }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <VideoThumbnail src={video.thumbnailUrl} width={96} />
        <VideoSummary video={video} />
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, alignItems: 'end' }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Level
          </Typography>
          <LevelMeter level={video.level} />
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            {IMPACT_LABEL}
          </Typography>
          <ImpactMeter impact={video.impact} />
        </Box>
      </Box>
      <Box sx={{ mt: 1 }}>
        <VideoDate video={video} />
      </Box>
    </Paper>
  );
}

/** The list as compact cards (below the sm breakpoint), with a sort select. */
export function VideoCards({
  videos,
  loading,
  state,
  onSort,
}: {
  videos: readonly VideoRow[];
  loading: boolean;
  state: ListState;
  onSort: (sort: VideoSortField, order: SortOrder) => void;
}) {
  const current = `${state.sort}:${state.order}`;
  return (
    <Box>
      <TextField
        select
        size="small"
        label="Sort by"
        value={current}
        onChange={(e) => {
          const [sort, order] = e.target.value.split(':') as [VideoSortField, SortOrder];
          onSort(sort, order);
        }}
        slotProps={{ select: { native: true } }}
        sx={{ mb: 1.5 }}
      >
        {SORT_CHOICES.map((c) => (
          <option key={`${c.sort}:${c.order}`} value={`${c.sort}:${c.order}`}>
            {c.label}
          </option>
        ))}
      </TextField>
      <Stack
        component="ul"
        aria-label="Videos"
        aria-busy={loading || undefined}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {loading
          ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Paper key={i} component="li" variant="outlined" sx={{ p: 1.5 }}>
                <Skeleton variant="rounded" height={54} />
                <Skeleton variant="text" />
              </Paper>
            ))
          : videos.map((video) => <Card key={video.videoId} video={video} />)}
      </Stack>
    </Box>
  );
}
