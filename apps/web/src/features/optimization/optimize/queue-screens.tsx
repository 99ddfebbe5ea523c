import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { queueCounts, type QueueState } from './queue-state.ts';

/** A screen of the page that is not a video: its h1 (focused when it appears), text, buttons. */
function QueueScreen({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The buttons that led here are gone: keyboard and screen-reader users start from the title.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="optimize-screen-title"
      sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', maxWidth: 720, mx: 'auto' }}
    >
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h1"
        component="h1"
        id="optimize-screen-title"
        gutterBottom
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      <Box sx={{ color: 'text.secondary', mb: 3 }}>{children}</Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, justifyContent: 'center', alignItems: 'center' }}
      >
        {actions}
      </Stack>
    </Paper>
  );
}

const ToTheList = ({ variant = 'text' }: { variant?: 'text' | 'contained' }) => (
  <Button component={RouterLink} to={paths.optimization} variant={variant}>
    Open the video list
  </Button>
);

/** No video of the channel needs work. */
export function AllCaughtUp() {
  return (
    <QueueScreen title="All caught up" actions={<ToTheList variant="contained" />}>
      <Typography role="status">
        No video of this channel needs work right now. Every video is optimized.
      </Typography>
    </QueueScreen>
  );
}

/** A queue kept from an earlier visit: carry on where the person was, or take a new one. */
export function ResumePrompt({
  state,
  onResume,
  onStartOver,
}: {
  state: QueueState;
  onResume: () => void;
  onStartOver: () => void;
}) {
  const counts = queueCounts(state);
  const at = `video ${state.position + 1} of ${counts.total}`;
  return (
    <QueueScreen
      title="Optimize"
      actions={
        <>
          <Button variant="contained" onClick={onResume}>
            Resume: {at}
          </Button>
          <Button variant="outlined" onClick={onStartOver}>
            Start over
          </Button>
        </>
      }
    >
      <Typography>
        You have a queue in progress: you were at {at}, with {counts.published} published and{' '}
        {counts.skipped} skipped.
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Start over takes the videos that need work now, highest impact first.
      </Typography>
    </QueueScreen>
  );
}

/** The end of the queue: what was published and skipped. */
export function QueueSummary({
  state,
  onStartOver,
  onBack,
}: {
  state: QueueState;
  onStartOver: () => void;
  /** Back to the last video of the queue. */
  onBack: () => void;
}) {
  const { published, skipped, total } = queueCounts(state);
  return (
    <QueueScreen
      title="You reached the end of the queue"
      actions={
        <>
          <Button variant="contained" onClick={onStartOver}>
            Start over
          </Button>
          <Button onClick={onBack}>Back to the last video</Button>
          <ToTheList />
        </>
      }
    >
      <Typography component="p" variant="h3" sx={{ color: 'text.primary', mb: 1 }}>
        Published {published} · Skipped {skipped}
      </Typography>
      <Typography>
        {published === total
          ? `You published all ${total} videos of the queue.`
          : `Of the ${total} videos of the queue, you published ${published} and skipped ${skipped}. Start over to go through the videos that still need work.`}
      </Typography>
    </QueueScreen>
  );
}
