import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { UploadedThumbnail } from '@tubewise/contract';
import { THUMBNAIL_TEST_VARIANTS_MAX } from '@tubewise/contract/labs-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileUpload from '@mui/icons-material/FileUpload';
import { isApiError } from '../../lib/api-error.ts';
import {
  formatMegabytes,
  THUMBNAIL_TYPES,
  THUMBNAIL_WARNING_TEXTS,
  thumbnailFileProblem,
} from '../../lib/thumbnail-checks.ts';
import { variantColor } from './labs-format.ts';

/** One chosen image: uploading, uploaded (with the server's warnings) or refused. */
export interface ChosenThumbnail {
  key: string;
  fileName: string;
  /** A local preview of the file (object URL). */
  previewUrl: string;
  status: 'uploading' | 'uploaded' | 'failed';
  uploaded: UploadedThumbnail | null;
  /** Why it was refused: the server's message, or the check's before uploading. */
  error: string | null;
}

let nextKey = 0;

/**
 * The thumbnails of a new test: dropped or chosen with a button (JPEG or PNG, the editor's
 * checks first), each uploaded at once for the video; previews labelled A, B, C in rotation
 * order, the server's warnings and each file's error in its own words.
 */
export function ThumbnailUploads({
  disabled,
  maxBytes,
  items,
  onChange,
  upload,
}: {
  /** No video is chosen yet. */
  disabled: boolean;
  maxBytes: number;
  items: ChosenThumbnail[];
  onChange: (update: (items: ChosenThumbnail[]) => ChosenThumbnail[]) => void;
  upload: (file: File) => Promise<UploadedThumbnail>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [tooMany, setTooMany] = useState(false);
  const room = THUMBNAIL_TEST_VARIANTS_MAX - items.length;

  // Object URLs are freed when their item goes.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(items.map((i) => i.previewUrl));
    for (const url of urls.current) {
      if (!current.has(url)) URL.revokeObjectURL(url);
    }
    urls.current = current;
  }, [items]);
  useEffect(() => () => urls.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const add = (files: File[]) => {
    if (disabled) return;
    setTooMany(files.length > room);
    for (const file of files.slice(0, Math.max(0, room))) {
      const key = `thumb-${++nextKey}`;
      const problem = thumbnailFileProblem(file, maxBytes);
      const item: ChosenThumbnail = {
        key,
        fileName: file.name,
        previewUrl: URL.createObjectURL(file),
        status: problem ? 'failed' : 'uploading',
        uploaded: null,
        error: problem,
      };
      onChange((list) => [...list, item]);
      if (problem) continue;
      upload(file).then(
        (uploaded) =>
          onChange((list) =>
            list.map((i) => (i.key === key ? { ...i, status: 'uploaded', uploaded } : i)),
          ),
        (err: unknown) =>
          onChange((list) =>
            list.map((i) =>
              i.key === key
                ? {
                    ...i,
                    status: 'failed',
                    error: isApiError(err) ? err.message : 'The upload failed. Please try again.',
                  }
                : i,
            ),
          ),
      );
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <Stack spacing={1.5}>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="thumbnail-drop-zone"
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: 2,
          textAlign: 'center',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <Typography variant="body2" sx={{ mb: 1 }}>
          {disabled
            ? 'Choose a video first.'
            : room <= 0
              ? `${THUMBNAIL_TEST_VARIANTS_MAX} images chosen. Remove one to choose another.`
              : `Drop ${room === THUMBNAIL_TEST_VARIANTS_MAX ? '2 or 3' : room === 1 ? 'one more' : room} image${room === 1 ? '' : 's'} here, or`}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<FileUpload />}
          disabled={disabled || room <= 0}
          onClick={() => inputRef.current?.click()}
        >
          Choose images
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept={THUMBNAIL_TYPES.join(',')}
          multiple
          hidden
          aria-label="Thumbnail images"
          data-testid="thumbnail-file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            // The same file can be chosen again after a failure.
            e.target.value = '';
            add(files);
          }}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          JPEG or PNG, up to {formatMegabytes(maxBytes)}, 1280×720 (16:9) recommended. The first
          goes live first.
        </Typography>
      </Box>
      {tooMany ? (
        <Alert severity="warning">
          A test rotates at most {THUMBNAIL_TEST_VARIANTS_MAX} thumbnails; the others were left out.
        </Alert>
      ) : null}
      {items.length > 0 ? (
        <Box
          role="list"
          aria-label="Chosen thumbnails"
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {items.map((item, index) => {
            const label = String.fromCharCode(65 + index);
            return (
              <Stack role="listitem" key={item.key} spacing={0.5} aria-label={`Thumbnail ${label}`}>
                <Box sx={{ position: 'relative' }}>
                  <Box
                    component="img"
                    src={item.previewUrl}
                    alt={`Preview of thumbnail ${label}`}
                    sx={{
                      display: 'block',
                      width: '100%',
                      aspectRatio: '16 / 9',
                      objectFit: 'contain',
                      bgcolor: 'common.black',
                      borderRadius: 1,
                    }}
                  />
                  <Box
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      top: 6,
                      left: 6,
                      px: 1,
                      borderRadius: 1,
                      bgcolor: variantColor(index),
                      color: 'common.white',
                      fontWeight: 700,
                    }}
                  >
                    {label}
                  </Box>
                  {item.status === 'uploading' ? (
                    <CircularProgress
                      size={28}
                      aria-label={`Uploading ${item.fileName}`}
                      sx={{
                        position: 'absolute',
                        top: 'calc(50% - 14px)',
                        left: 'calc(50% - 14px)',
                      }}
                    />
                  ) : null}
                </Box>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {label}: {item.fileName}
                  {item.uploaded ? ` (${item.uploaded.width}×${item.uploaded.height})` : ''}
                </Typography>
                {item.error ? (
                  <Alert severity="error" role="alert">
                    {item.fileName}: {item.error}
                  </Alert>
                ) : null}
                {item.uploaded && item.uploaded.warnings.length > 0 ? (
                  <Alert severity="warning">
                    {item.uploaded.warnings.map((w) => (
                      <div key={w}>{THUMBNAIL_WARNING_TEXTS[w]}</div>
                    ))}
                  </Alert>
                ) : null}
                <Button
                  size="small"
                  color="inherit"
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() => onChange((list) => list.filter((i) => i.key !== item.key))}
                  aria-label={`Remove thumbnail ${label} (${item.fileName})`}
                >
                  Remove
                </Button>
              </Stack>
            );
          })}
        </Box>
      ) : null}
    </Stack>
  );
}
