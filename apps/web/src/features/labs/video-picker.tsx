import { useDeferredValue, useState } from 'react';
import type { VideoRow } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatCompactNumber, formatDate } from '../../lib/format.ts';
import { useVideoChoices } from './api/labs.ts';

function Thumb({ src }: { src: string | null }) {
  return src ? (
    <Box
      component="img"
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      loading="lazy"
      sx={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
    />
  ) : (
    <Box sx={{ width: 96, height: 54, bgcolor: 'grey.100', borderRadius: 1, flexShrink: 0 }} />
  );
}

/**
 * The video to test: a title search over the channel's videos (latest first) and a radio list
 * with each video's thumbnail, views and date (arrow keys move through it).
 */
export function VideoPicker({
  channelId,
  value,
  onChange,
}: {
  channelId: string;
  value: VideoRow | null;
  onChange: (video: VideoRow) => void;
}) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const videos = useVideoChoices(channelId, q);
  const items = videos.data?.items ?? [];
  // The chosen video stays in the list while a search would hide it.
  const shown =
    value && !items.some((v) => v.videoId === value.videoId) ? [value, ...items] : items;
  return (
    <Stack spacing={1}>
      <TextField
        label="Search your videos"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        size="small"
        type="search"
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      {videos.isFetching ? <LinearProgress aria-label="Loading videos" /> : null}
      {videos.isError ? (
        <Alert severity="error">We could not load your videos. Please try again.</Alert>
      ) : null}
      {videos.data && shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {q ? `No video title contains “${q}”.` : 'This channel has no videos yet.'}
        </Typography>
      ) : null}
      {shown.length > 0 ? (
        <RadioGroup
          aria-label="Video"
          value={value?.videoId ?? ''}
          onChange={(_e, id) => {
            const video = shown.find((v) => v.videoId === id);
            if (video) onChange(video);
          }}
          sx={{
            maxHeight: 360,
            overflowY: 'auto',
            flexWrap: 'nowrap',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1,
          }}
        >
          {shown.map((video) => (
            <FormControlLabel
              key={video.videoId}
              value={video.videoId}
              control={<Radio />}
              sx={{ mx: 0, py: 0.5, alignItems: 'center' }}
              label={
                <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', minWidth: 0 }}>
                  <Thumb src={video.thumbnailUrl} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {video.title || '(untitled)'}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {video.views === null
                        ? 'Views unknown'
                        : `${formatCompactNumber(video.views)} views`}
                      {video.date ? ` · ${formatDate(video.date)}` : ''}
                    </Typography>
                  </Box>
                </Stack>
              }
            />
          ))}
        </RadioGroup>
      ) : null}
    </Stack>
  );
}
