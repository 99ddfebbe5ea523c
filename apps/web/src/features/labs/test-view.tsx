import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ThumbnailTest } from '@tubewise/contract';
import { THUMBNAIL_TEST_METHOD } from '@tubewise/contract/labs-constants';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { isActive } from './api/labs.ts';
import { ExposureTimeline } from './exposure-timeline.tsx';
import { intervalChartHeight } from './interval-chart-size.ts';
import {
  decisionText,
  labsErrorText,
  METRIC_TEXTS,
  SKIP_REASON_TEXTS,
  shortDay,
  STATUS_COLORS,
  STATUS_TEXTS,
  STOP_QUESTION,
} from './labs-format.ts';
import { VariantCards } from './test-figures.tsx';

const IntervalChart = lazy(() => import('./interval-chart.tsx'));

/** The decision as a banner: the winner applied, no clear winner, or stopped. */
function DecisionBanner({ test }: { test: ThumbnailTest }) {
  const text = decisionText(test);
  if (!text) return null;
  const won = test.decision?.applied === 'winner';
  return (
    <Alert severity={won ? 'success' : 'info'} role="status">
      <AlertTitle>{text.title}</AlertTitle>
      {text.body}
    </Alert>
  );
}

/** Skipped swaps and the server's notice, as one alert. */
function Problems({ test }: { test: ThumbnailTest }) {
  if (test.skippedSwaps.length === 0 && !test.notice) return null;
  return (
    <Alert severity="warning">
      {test.notice ? <Box>{test.notice}</Box> : null}
      {test.skippedSwaps.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {test.skippedSwaps.map((s) => (
            <li key={s.day}>
              Swap of {shortDay(s.day)} skipped: {SKIP_REASON_TEXTS[s.reason]}.
            </li>
          ))}
        </Box>
      ) : null}
    </Alert>
  );
}

/** The confirmation before stopping; focus starts on "Keep running" (the safe answer). */
function StopDialog({
  open,
  stopping,
  error,
  onCancel,
  onConfirm,
  onClosed,
}: {
  open: boolean;
  stopping: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Once it has gone: focus goes where the page says (the stop button may be gone too). */
  onClosed: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={stopping ? undefined : onCancel}
      disableRestoreFocus
      slotProps={{ transition: { onExited: onClosed } }}
      aria-labelledby="stop-test-title"
      aria-describedby="stop-test-text"
    >
      <DialogTitle id="stop-test-title">{STOP_QUESTION}</DialogTitle>
      <DialogContent>
        <DialogContentText id="stop-test-text">
          The test ends now without a winner and the thumbnail the video had before the test goes
          back on YouTube (one swap, 50 quota units). This cannot be undone.
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={stopping} autoFocus>
          Keep running
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={stopping}>
          Stop test
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * One test: its video and status, the thumbnails side by side with their figures and chances,
 * the intervals, the rotation, problems, the next swap, the method, the decision, and "Stop test"
 * while it runs.
 */
export function TestView({
  test,
  now,
  stopping,
  onStop,
}: {
  test: ThumbnailTest;
  now: number;
  stopping: boolean;
  /** Stops the test; resolves when done, rejects with the failure. */
  onStop: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [stopError, setStopError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stopButtonRef = useRef<HTMLButtonElement>(null);
  const measured = test.variants.some((v) => v.interval !== null);

  // The view opened (from the list, or after a start): reading starts at its heading.
  useEffect(() => headingRef.current?.focus(), [test.id]);

  const confirm = () => {
    setStopError(null);
    onStop().then(
      () => setConfirming(false),
      (err: unknown) => setStopError(labsErrorText(err)),
    );
  };

  return (
    <Stack component="article" spacing={2} aria-labelledby="test-heading">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography
          id="test-heading"
          ref={headingRef}
          tabIndex={-1}
          variant="h2"
          component="h2"
          sx={{ fontSize: '1.4rem', outline: 'none', overflowWrap: 'anywhere' }}
        >
          {test.videoTitle}
        </Typography>
        <Chip
          label={STATUS_TEXTS[test.status]}
          color={STATUS_COLORS[test.status]}
          data-testid="test-status"
        />
        {test.status === 'running' ? (
          <Button
            ref={stopButtonRef}
            color="error"
            variant="outlined"
            size="small"
            sx={{ ml: { sm: 'auto' } }}
            onClick={() => {
              setStopError(null);
              setConfirming(true);
            }}
          >
            Stop test
          </Button>
        ) : null}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {test.variants.length} thumbnails, decided by{' '}
        {METRIC_TEXTS[test.metric].label.toLowerCase()}. Started {formatDate(test.startedAt)};{' '}
        {test.endedAt
          ? `ended ${formatDate(test.endedAt)}`
          : now >= Date.parse(test.endsAt)
            ? `ran until ${formatDateTime(test.endsAt)}`
            : `ends ${formatDateTime(test.endsAt)}`}
        .{test.measuredThrough ? ` Figures through ${shortDay(test.measuredThrough)}.` : ''}
      </Typography>
      <DecisionBanner test={test} />
      <Problems test={test} />
      {isActive(test) && test.nextSwapAt ? (
        <Typography variant="body1">
          Next swap: <strong>{formatDateTime(test.nextSwapAt)}</strong> (midnight Pacific).
        </Typography>
      ) : null}
      {test.status === 'ending' ? (
        <Alert severity="info">
          The test is ending: its result, or the original thumbnail, is being set on YouTube. This
          page updates by itself.
        </Alert>
      ) : null}
      <VariantCards test={test} />
      {measured ? (
        <Paper
          variant="outlined"
          sx={{ p: 2 }}
          component="section"
          aria-labelledby="interval-heading"
        >
          <Typography id="interval-heading" variant="h3" component="h3" sx={{ fontSize: '1.1rem' }}>
            95% credible intervals of {METRIC_TEXTS[test.metric].label.toLowerCase()}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Where each thumbnail’s true value most likely lies; the cards above state the same
            figures.
          </Typography>
          <Box aria-hidden>
            <Suspense
              fallback={
                <Skeleton
                  variant="rounded"
                  height={intervalChartHeight(test.variants.filter((v) => v.interval).length)}
                />
              }
            >
              <IntervalChart test={test} />
            </Suspense>
          </Box>
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ExposureTimeline test={test} now={now} />
      </Paper>
      {test.originalImageUrl ? (
        <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
          <Box
            component="img"
            src={test.originalImageUrl}
            alt="The original thumbnail"
            sx={{
              width: 160,
              aspectRatio: '16 / 9',
              objectFit: 'contain',
              bgcolor: 'common.black',
              borderRadius: 1,
            }}
          />
          <Typography variant="body2" color="text.secondary">
            The original thumbnail, kept to put back when no thumbnail wins or the test is stopped.
          </Typography>
        </Stack>
      ) : null}
      <Box component="section" aria-labelledby="method-heading">
        <Typography
          id="method-heading"
          variant="h3"
          component="h3"
          sx={{ fontSize: '1.1rem', mb: 0.5 }}
        >
          How the winner is decided
        </Typography>
        <Typography variant="body2">{THUMBNAIL_TEST_METHOD}</Typography>
      </Box>
      <StopDialog
        open={confirming}
        stopping={stopping}
        error={stopError}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
        // Back to "Stop test" after "Keep running"; to the heading once it is gone (stopped).
        onClosed={() => (stopButtonRef.current ?? headingRef.current)?.focus()}
      />
    </Stack>
  );
}
