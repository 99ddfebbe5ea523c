import { useEffect, useRef, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { QUEUE_LIST_ID } from './queue-list.tsx';
import { currentItem, itemStatus, queueCounts, type QueueState } from './queue-state.ts';

/** Accessible name of the queue's progress bar. */
export const QUEUE_PROGRESS_LABEL = 'Videos done';

/** Whether a key press happens where typing goes (a field, an editor, a list box). */
function inTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (
    target.closest(
      'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"], [role="dialog"]',
    ) !== null
  );
}

/**
 * Alt+→ anywhere but in a text field (where it moves by word on a Mac) or a dialog: the queue's
 * next video (the same as the Skip / Next video button).
 */
export function useNextShortcut(onNext: () => void): void {
  const latest = useRef(onNext);
  useEffect(() => {
    latest.current = onNext;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key !== 'ArrowRight' || event.defaultPrevented) return;
      if (inTextEntry(event.target)) return;
      // Otherwise the browser would go forward in its history.
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/**
 * The queue's progress ("Video 4 of 20", the share done, published and skipped counts, read out
 * when they change) with Previous and Skip (Next video once the current one is published).
 */
export function QueueBar({
  state,
  onPrevious,
  onSkip,
  statusRef,
}: {
  state: QueueState;
  onPrevious: () => void;
  onSkip: () => void;
  /** The "Video 4 of 20" text, focused after the queue moved on by itself. */
  statusRef?: Ref<HTMLParagraphElement>;
}) {
  const counts = queueCounts(state);
  const item = currentItem(state);
  const published = item !== null && itemStatus(state, item.videoId) === 'published';
  const share = counts.total === 0 ? 0 : Math.round((counts.done / counts.total) * 100);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label="Queue progress"
      sx={{ p: { xs: 2, sm: 2.5 }, mb: 3 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box role="status" aria-atomic="true">
            <Typography
              ref={statusRef}
              tabIndex={-1}
              component="p"
              variant="subtitle1"
              sx={{ fontWeight: 700, '&:focus': { outline: 'none' } }}
            >
              Video {Math.min(state.position + 1, counts.total)} of {counts.total}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {counts.published} published · {counts.skipped} skipped
            </Typography>
          </Box>
          <LinearProgress
            variant="determinate"
            value={share}
            aria-label={QUEUE_PROGRESS_LABEL}
            aria-valuetext={`${counts.done} of ${counts.total} videos done`}
            sx={{ mt: 1, height: 8, borderRadius: 4 }}
          />
        </Box>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button
            onClick={onPrevious}
            disabled={state.position === 0}
            startIcon={<ArrowBack aria-hidden />}
          >
            Previous
          </Button>
          <Tooltip title="Shortcut: Alt+→" describeChild>
            <Button
              variant="outlined"
              onClick={onSkip}
              endIcon={<ArrowForward aria-hidden />}
              aria-keyshortcuts="Alt+ArrowRight"
            >
              {published ? 'Next video' : 'Skip'}
            </Button>
          </Tooltip>
        </Stack>
      </Stack>
      <Link
        href={`#${QUEUE_LIST_ID}`}
        variant="body2"
        sx={{ display: { xs: 'inline-block', xl: 'none' }, mt: 1 }}
      >
        Jump to the queue list
      </Link>
    </Paper>
  );
}
