import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useActiveChannel } from '../../../lib/channels/use-active-channel.ts';
import { useVideoDetails } from '../api/get-video-details.ts';
import { VideoEditor, type VideoEditorHooks } from './video-editor.tsx';

/** The editor's loading placeholder, shaped like the page. */
export function EditorSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading the video">
      <Stack direction="row" sx={{ gap: 2, mb: 3, alignItems: 'center' }}>
        <Skeleton variant="rounded" width={160} height={90} />
        <Box sx={{ flex: 1 }}>
          <Skeleton variant="text" sx={{ fontSize: '2rem', maxWidth: 520 }} />
          <Skeleton variant="text" width={240} />
        </Box>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
        }}
      >
        <Stack sx={{ gap: 2 }}>
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={80} />
        </Stack>
        <Skeleton variant="rounded" height={360} />
      </Box>
    </Box>
  );
}

const BackToList = () => (
  <Button component={RouterLink} to={paths.optimization} color="inherit" size="small">
    Back to the video list
  </Button>
);

/**
 * The editor page's content for a video of the active channel: loading, errors, the editor.
 * `onPublished` and `publishActions` are passed to the editor (see `VideoEditorHooks`).
 */
export function VideoEditorScreen({ videoId, ...hooks }: { videoId: string } & VideoEditorHooks) {
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const channelId = activeChannel?.id;
  const query = useVideoDetails(channelId, videoId);

  if (channelLoading || (channelId && query.isPending)) return <EditorSkeleton />;
  if (!channelId) {
    return (
      <Alert severity="info" action={<BackToList />}>
        Choose a channel to edit its videos.
      </Alert>
    );
  }
  if (query.isError) {
    const err = query.error;
    if (isApiError(err, 404)) {
      return (
        <Alert severity="warning" action={<BackToList />}>
          <AlertTitle>Video not found</AlertTitle>
          This video is not on the active channel, or it was removed from YouTube.
        </Alert>
      );
    }
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        <AlertTitle>We could not load this video</AlertTitle>
        {isApiError(err) ? err.message : 'Something went wrong. Please try again.'}
      </Alert>
    );
  }
  if (!query.data) return <EditorSkeleton />;
  return <VideoEditor key={`${channelId}/${videoId}`} details={query.data} {...hooks} />;
}
