import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ThumbnailTest, VideoRow } from '@tubewise/contract';
import {
  THUMBNAIL_SWAP_UNITS,
  THUMBNAIL_TEST_DEFAULT_METRIC,
  THUMBNAIL_TEST_DURATION_DEFAULT_DAYS,
  THUMBNAIL_TEST_DURATION_MAX_DAYS,
  THUMBNAIL_TEST_DURATION_MIN_DAYS,
  THUMBNAIL_TEST_METRICS,
  THUMBNAIL_TEST_VARIANTS_MIN,
  type ThumbnailTestMetric,
} from '@tubewise/contract/labs-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/format.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { uploadTestThumbnail } from './api/labs.ts';
import { estimatedEnd, labsErrorText, METRIC_TEXTS } from './labs-format.ts';
import { ThumbnailUploads, type ChosenThumbnail } from './thumbnail-uploads.tsx';
import { VideoPicker } from './video-picker.tsx';

/** What is missing before a test can start, or null. */
function missing(video: VideoRow | null, items: ChosenThumbnail[], days: number | null) {
  if (!video) return 'Choose a video.';
  const uploaded = items.filter((i) => i.status === 'uploaded').length;
  if (items.some((i) => i.status === 'uploading')) return 'Wait for the uploads to finish.';
  if (items.some((i) => i.status === 'failed')) return 'Remove the images that were refused.';
  if (uploaded < THUMBNAIL_TEST_VARIANTS_MIN) {
    return `Add ${THUMBNAIL_TEST_VARIANTS_MIN - uploaded} more image${uploaded === 1 ? '' : 's'}.`;
  }
  if (days === null) {
    return `Choose a duration of ${THUMBNAIL_TEST_DURATION_MIN_DAYS} to ${THUMBNAIL_TEST_DURATION_MAX_DAYS} days.`;
  }
  return null;
}

function Step({ n, title, children }: { n: number; title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
        {n}. {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * A new thumbnail test: the video, 2–3 images, the duration, the deciding metric, a summary of
 * what will happen and what it costs, then Start.
 */
export function NewTestForm({
  channelId,
  starting,
  onStart,
  onCancel,
}: {
  channelId: string;
  starting: boolean;
  /** Starts the test; resolves with it, rejects with the failure. */
  onStart: (body: {
    videoId: string;
    thumbnailIds: string[];
    durationDays: number;
    metric: ThumbnailTestMetric;
  }) => Promise<ThumbnailTest>;
  onCancel: () => void;
}) {
  const [video, setVideo] = useState<VideoRow | null>(null);
  const [items, setItems] = useState<ChosenThumbnail[]>([]);
  const [durationText, setDurationText] = useState(String(THUMBNAIL_TEST_DURATION_DEFAULT_DAYS));
  const [metric, setMetric] = useState<ThumbnailTestMetric>(THUMBNAIL_TEST_DEFAULT_METRIC);
  const [error, setError] = useState<string | null>(null);
  const [triedStart, setTriedStart] = useState(false);
  const maxBytes = usePublicConfig().limits.thumbnailMaxBytes;
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  const parsed = Number(durationText);
  const days =
    /^\d+$/.test(durationText.trim()) &&
    parsed >= THUMBNAIL_TEST_DURATION_MIN_DAYS &&
    parsed <= THUMBNAIL_TEST_DURATION_MAX_DAYS
      ? parsed
      : null;
  const gap = missing(video, items, days);
  const count = items.filter((i) => i.status === 'uploaded').length;

  const chooseVideo = (next: VideoRow) => {
    // Images are uploaded for one video: another video starts over.
    if (next.videoId !== video?.videoId) setItems([]);
    setVideo(next);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTriedStart(true);
    if (gap || !video || days === null) return;
    setError(null);
    onStart({
      videoId: video.videoId,
      thumbnailIds: items.map((i) => i.uploaded!.thumbnailId),
      durationDays: days,
      metric,
    }).catch((err: unknown) => setError(labsErrorText(err)));
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-labelledby="new-test-heading"
      onSubmit={submit}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography
        id="new-test-heading"
        ref={headingRef}
        tabIndex={-1}
        variant="h2"
        component="h2"
        sx={{ fontSize: '1.4rem', mb: 2, outline: 'none' }}
      >
        New test
      </Typography>
      <Stack spacing={3}>
        <Step n={1} title="Video">
          <VideoPicker channelId={channelId} value={video} onChange={chooseVideo} />
        </Step>
        <Step n={2} title="Thumbnails">
          <ThumbnailUploads
            disabled={!video}
            maxBytes={maxBytes}
            items={items}
            onChange={setItems}
            upload={(file) => uploadTestThumbnail(channelId, video?.videoId ?? '', file)}
          />
        </Step>
        <Step n={3} title="Duration">
          <TextField
            label="Duration in days"
            type="number"
            value={durationText}
            onChange={(e) => setDurationText(e.target.value)}
            error={days === null}
            helperText={`${THUMBNAIL_TEST_DURATION_MIN_DAYS} to ${THUMBNAIL_TEST_DURATION_MAX_DAYS} days; ${THUMBNAIL_TEST_DURATION_DEFAULT_DAYS} by default. Longer tests tell closer thumbnails apart.`}
            slotProps={{
              htmlInput: {
                min: THUMBNAIL_TEST_DURATION_MIN_DAYS,
                max: THUMBNAIL_TEST_DURATION_MAX_DAYS,
                step: 1,
              },
            }}
            sx={{ maxWidth: 420 }}
          />
        </Step>
        <Step n={4} title="What decides the winner">
          <RadioGroup
            value={metric}
            onChange={(_e, value) => setMetric(value as ThumbnailTestMetric)}
          >
            {THUMBNAIL_TEST_METRICS.map((m) => (
              <FormControlLabel
                key={m}
                value={m}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1 }}
                label={
                  <Box sx={{ pt: 1 }}>
                    <Typography variant="body1">{METRIC_TEXTS[m].label}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {METRIC_TEXTS[m].explanation}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </Step>
        <Box component="section" aria-labelledby="summary-heading">
          <Typography id="summary-heading" variant="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
            Summary
          </Typography>
          {video && days !== null ? (
            <Typography variant="body2" component="p">
              {`“${video.title}”: ${count >= THUMBNAIL_TEST_VARIANTS_MIN ? count : '2 or 3'} thumbnails in turn, swapped every day at midnight Pacific (${THUMBNAIL_SWAP_UNITS} quota units each from the channel’s daily budget). The test ends on ${formatDate(new Date(estimatedEnd(Date.now(), days)).toISOString())}, or earlier once a thumbnail is clearly best, decided by ${METRIC_TEXTS[metric].label.toLowerCase()}. The winner is then applied to the video; without a clear winner the original thumbnail comes back.`}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Choose a video, images and a duration to see the plan.
            </Typography>
          )}
        </Box>
        {triedStart && gap ? <Alert severity="info">{gap}</Alert> : null}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Stack direction="row" sx={{ gap: 1 }}>
          <Button type="submit" variant="contained" loading={starting} aria-disabled={Boolean(gap)}>
            Start test
          </Button>
          <Button onClick={onCancel} disabled={starting}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
