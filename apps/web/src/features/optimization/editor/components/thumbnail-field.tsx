import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Tip } from '@tubewise/recommendations';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileUpload from '@mui/icons-material/FileUpload';
import { paths } from '../../../../config/paths.ts';
import { formatDate } from '../../../../lib/format.ts';
import { usePublicConfig } from '../../../../lib/public-config.ts';
import { uploadThumbnail } from '../../api/thumbnails.ts';
import { VideoThumbnail } from '../../list/video-cells.tsx';
import type { EditorAction, EditorState, VideoData } from '../editor-state.ts';
import {
  formatMegabytes,
  THUMBNAIL_PREVIEW_SIZES,
  THUMBNAIL_TYPES,
  THUMBNAIL_WARNING_TEXTS,
  thumbnailFileProblem,
} from '../editor-texts.ts';
import { toEditorError } from '../use-video-editor.ts';
import { FieldHeader, FieldTips } from './field-parts.tsx';

/**
 * The thumbnail at one of YouTube's display sizes. Like YouTube, an image that is not 16:9 is
 * fitted inside the frame with black bars; a missing or broken image shows the placeholder.
 */
function Preview({ src, width, height }: { src: string | null; width: number; height: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return <VideoThumbnail src={null} width={width} fluid />;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={width}
      height={height}
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      // At most its size, narrower on a phone (Home, 360 px, is wider than a 390 px window's
      // content): the frame keeps its shape and the picture stays fitted inside it.
      sx={{
        width: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        objectFit: 'contain',
        bgcolor: 'common.black',
        borderRadius: 1,
      }}
    />
  );
}

/**
 * The image URL to show for a copy's thumbnail. YouTube keeps a video's thumbnail URLs when a
 * new image is set, so after a publish or an undo through Tubewise the browser would show its
 * cached old image: the live URL carries the time of the last publish as a version. Uploads
 * have a URL of their own (one image per id) and need none.
 */
export function thumbnailPreviewSrc(copy: VideoData, state: EditorState): string | null {
  const url = copy.thumbnailUrl;
  if (!url || copy.thumbnailId !== null || !state.lastPublish) return url;
  try {
    const versioned = new URL(url, window.location.origin);
    versioned.searchParams.set('tw', String(Date.parse(state.lastPublish.at)));
    return versioned.origin === window.location.origin && !/^https?:/i.test(url)
      ? `${versioned.pathname}${versioned.search}`
      : versioned.toString();
  } catch {
    return url;
  }
}

function changeNote(copy: VideoData, hasDraft: boolean): string | null {
  if (!copy.hasThumbnailChanged) return null;
  if (copy.hasUserChangedThumbnailInDraft) {
    return 'You uploaded a new thumbnail for this draft. It goes live when you publish.';
  }
  if (hasDraft) return 'This draft has a new thumbnail. It goes live when you publish.';
  return 'New thumbnail. It goes live when you publish.';
}

/**
 * The thumbnail: the current image, an upload (JPEG or PNG; checked here for type and size
 * first, then by the server), previews at YouTube's display sizes and the server's warnings.
 */
export function ThumbnailField({
  state,
  copy,
  dirty,
  dispatch,
  tips,
}: {
  state: EditorState;
  copy: VideoData;
  dirty: boolean;
  dispatch: (action: EditorAction) => void;
  tips: Tip[];
}) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const maxBytes = usePublicConfig().limits.thumbnailMaxBytes;
  const note = changeNote(copy, state.hasDraft);
  // A running thumbnail test (Labs) owns the video's thumbnail until it ends.
  const testing = state.current.abTest;
  const test = state.current.thumbnailTest;

  const onFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const local = thumbnailFileProblem(file, maxBytes);
    setProblem(local);
    if (local) return;
    setUploading(true);
    try {
      const thumbnail = await uploadThumbnail(state.channelId, state.videoId, file);
      dispatch({ type: 'thumbnailUploaded', thumbnail });
    } catch (err) {
      setProblem(toEditorError(err).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box component="section" aria-label="Thumbnail">
      <FieldHeader
        label="Thumbnail"
        dirty={dirty}
        onReset={() => dispatch({ type: 'reset', field: 'thumbnailUrl' })}
      >
        <Button
          component="label"
          size="small"
          variant="outlined"
          startIcon={<FileUpload />}
          loading={uploading}
          disabled={testing}
        >
          Upload thumbnail
          <input
            type="file"
            accept={THUMBNAIL_TYPES.join(',')}
            hidden
            disabled={testing}
            onChange={(e) => void onFile(e)}
          />
        </Button>
      </FieldHeader>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        JPEG or PNG, up to {formatMegabytes(maxBytes)}, 1280×720 (16:9) recommended.
        {copy.thumbnailWidth && copy.thumbnailHeight
          ? ` This one is ${copy.thumbnailWidth}×${copy.thumbnailHeight}.`
          : ''}
      </Typography>
      {problem ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {problem}
        </Alert>
      ) : null}
      {state.thumbnailWarnings.length > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {state.thumbnailWarnings.map((w) => (
            <div key={w}>{THUMBNAIL_WARNING_TEXTS[w]}</div>
          ))}
        </Alert>
      ) : null}
      {note ? (
        <Typography variant="body2" color="secondary" sx={{ mb: 1 }}>
          {note}
        </Typography>
      ) : null}
      {testing ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {test
            ? `A thumbnail test is running on this video until ${formatDate(test.endsAt)}.`
            : 'A thumbnail test is running on this video.'}{' '}
          The thumbnail can be changed again when it ends.{' '}
          <Link
            component={RouterLink}
            to={test ? `${paths.labs}?${new URLSearchParams({ test: test.id })}` : paths.labs}
          >
            See the test in Labs
          </Link>
        </Alert>
      ) : null}
      <Stack
        direction="row"
        role="list"
        aria-label="Previews at YouTube's sizes"
        sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}
      >
        {THUMBNAIL_PREVIEW_SIZES.map((size) => (
          <Stack
            role="listitem"
            key={size.label}
            sx={{ gap: 0.5, width: size.width, maxWidth: '100%' }}
          >
            <Preview
              src={thumbnailPreviewSrc(copy, state)}
              width={size.width}
              height={size.height}
            />
            <Typography variant="caption" color="text.secondary">
              {size.label} ({size.width}×{size.height})
            </Typography>
          </Stack>
        ))}
      </Stack>
      <FieldTips tips={tips} label="Thumbnail tips" />
    </Box>
  );
}
