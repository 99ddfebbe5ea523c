import { useState, type ChangeEvent } from 'react';
import type { Tip } from '@tubewise/recommendations';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileUpload from '@mui/icons-material/FileUpload';
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
  if (!src || failedSrc === src) return <VideoThumbnail src={null} width={width} />;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      width={width}
      height={height}
      referrerPolicy="no-referrer"
      onError={() => setFailedSrc(src)}
      sx={{ width, height, objectFit: 'contain', bgcolor: 'common.black', borderRadius: 1 }}
    />
  );
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
        >
          Upload thumbnail
          <input
            type="file"
            accept={THUMBNAIL_TYPES.join(',')}
            hidden
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
      {state.current.abTest ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          A thumbnail test is running on YouTube for this video.
        </Typography>
      ) : null}
      <Stack
        direction="row"
        role="list"
        aria-label="Previews at YouTube's sizes"
        sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}
      >
        {THUMBNAIL_PREVIEW_SIZES.map((size) => (
          <Stack role="listitem" key={size.label} sx={{ gap: 0.5 }}>
            <Preview src={copy.thumbnailUrl} width={size.width} height={size.height} />
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
