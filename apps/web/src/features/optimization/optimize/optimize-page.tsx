import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PublishResponse } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { PageHeading } from '../../../components/page-heading.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { useActiveChannel } from '../../../lib/channels/use-active-channel.ts';
import { notify } from '../../../lib/notify.ts';
import { useVideos } from '../api/get-videos.ts';
import { EditorSkeleton, VideoEditorScreen } from '../editor/video-editor-screen.tsx';
import type { PublishControls } from '../editor/video-editor.tsx';
import { UNTITLED } from '../list/video-cells.tsx';
import { DEFAULT_LIST_STATE, toVideoListRequest } from '../list/list-params.ts';
import { QueueBar, useNextShortcut } from './queue-bar.tsx';
import { QueueList } from './queue-list.tsx';
import { AllCaughtUp, QueueSummary, ResumePrompt } from './queue-screens.tsx';
import { currentItem, isFinished, type QueueItem, type QueueState } from './queue-state.ts';
import { useOptimizeQueue, type OptimizeQueue } from './use-optimize-queue.ts';

/**
 * The list request the queue is taken from: the "Needs work" tab by impact, highest first
 * (its first page, at most VIDEO_PAGE_SIZE videos) — the same request, and cache entry, as the
 * list's own "Needs work" tab.
 */
export const QUEUE_LIST_REQUEST = toVideoListRequest({
  ...DEFAULT_LIST_STATE,
  tab: 'needs-work',
  sort: 'impact',
  order: 'desc',
});

/** Editor and queue side by side from xl; below, the queue list follows the editor. */
const workspaceSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 320px' },
  alignItems: 'start',
} as const;

/** The current video of a queue in progress: progress, the editor, the queue list. */
function QueueWorkspace({
  queue,
  state,
  item,
}: {
  queue: OptimizeQueue;
  state: QueueState;
  item: QueueItem;
}) {
  const statusRef = useRef<HTMLParagraphElement>(null);
  // Set when the queue moved on from inside the editor, whose buttons then disappear.
  const focusStatus = useRef(false);
  const currentId = useRef(item.videoId);
  useLayoutEffect(() => {
    currentId.current = item.videoId;
  });
  useEffect(() => {
    if (!focusStatus.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  }, [state.position]);

  const { published, nextAfter, skip, previous, jump } = queue;
  useNextShortcut(skip);

  const onPublished = useCallback(
    (videoId: string, response: PublishResponse) => published(videoId, response.video.live.title),
    [published],
  );

  const publishActions = (controls: PublishControls) => (
    <Button
      variant="contained"
      onClick={() =>
        controls.publish((response) => {
          notify(`Published “${response.video.live.title || UNTITLED}” to YouTube.`, {
            variant: 'success',
          });
          // The person may have moved on while it was publishing: then they stay where they are.
          if (currentId.current !== item.videoId) return;
          focusStatus.current = true;
          nextAfter(item.videoId);
        })
      }
      loading={controls.publishing}
      disabled={controls.disabled}
      aria-describedby={controls.describedBy}
    >
      Publish and next
    </Button>
  );

  return (
    <>
      <QueueBar state={state} onPrevious={previous} onSkip={skip} statusRef={statusRef} />
      <Box sx={workspaceSx}>
        <Box sx={{ minWidth: 0 }}>
          <VideoEditorScreen
            videoId={item.videoId}
            onPublished={onPublished}
            publishActions={publishActions}
          />
        </Box>
        <QueueList state={state} onJump={jump} />
      </Box>
    </>
  );
}

/** The queue of one channel: taken, resumed, worked through, summed up. */
function ChannelQueue({ channelId }: { channelId: string }) {
  const queue = useOptimizeQueue(channelId);
  const { state, start, clear } = queue;
  // A queue kept from an earlier visit asks first whether to resume it.
  const [askResume, setAskResume] = useState(() => state !== null && !isFinished(state));

  // The list is only needed to take a new queue.
  const list = useVideos(state ? undefined : channelId, QUEUE_LIST_REQUEST);
  // Only a fresh answer: a cached page may predate publishes that changed the order.
  const fresh = list.data && !list.isFetching && !list.isPlaceholderData ? list.data : null;
  useEffect(() => {
    if (!state && fresh && fresh.items.length > 0) start(fresh.items);
  }, [state, fresh, start]);

  const startOver = useCallback(() => {
    setAskResume(false);
    clear();
  }, [clear]);

  if (state && askResume) {
    return (
      <ResumePrompt state={state} onResume={() => setAskResume(false)} onStartOver={startOver} />
    );
  }
  if (state) {
    const item = currentItem(state);
    if (!item || isFinished(state)) {
      return (
        <>
          <QueueSummary state={state} onStartOver={startOver} onBack={queue.previous} />
          <Box sx={{ maxWidth: 720, mx: 'auto', mt: 3 }}>
            <QueueList state={state} onJump={queue.jump} />
          </Box>
        </>
      );
    }
    return <QueueWorkspace queue={queue} state={state} item={item} />;
  }
  if (list.isError && !list.isFetching) {
    return (
      <>
        <PageHeading title="Optimize" />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          <AlertTitle>We could not load the videos that need work</AlertTitle>
          {isApiError(list.error) ? list.error.message : 'Something went wrong. Please try again.'}
        </Alert>
      </>
    );
  }
  if (fresh && fresh.items.length === 0) return <AllCaughtUp />;
  return <EditorSkeleton />;
}

/**
 * The optimize page (/optimize): a guided queue through the active channel's videos that need
 * work, highest impact first, one video at a time in the editor.
 */
export function OptimizePage() {
  const { activeChannel, isLoading } = useActiveChannel();
  if (isLoading) return <EditorSkeleton />;
  if (!activeChannel) {
    return (
      <>
        <PageHeading title="Optimize" />
        <Alert severity="info">Choose a channel to optimize its videos.</Alert>
      </>
    );
  }
  return <ChannelQueue key={activeChannel.id} channelId={activeChannel.id} />;
}
