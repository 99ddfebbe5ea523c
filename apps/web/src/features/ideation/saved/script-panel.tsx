import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { isApiError } from '../../../lib/api-error.ts';
import { showScriptSaved } from '../api/saved.ts';
import { useVideoScript } from '../api/scripts.ts';
import { errorText } from './error-text.ts';

// TipTap and turndown load only when a script opens.
const ScriptEditor = lazy(() => import('../script/script-editor.tsx'));

function EditorSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading the script">
      <Skeleton variant="rounded" height={40} sx={{ mb: 1 }} />
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

/** The open script of a saved idea: loads it afresh, then shows the (lazy) editor. */
export function ScriptPanel({
  channelId,
  ideaId,
  phrase,
  onClose,
}: {
  channelId: string;
  ideaId: string;
  phrase: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const query = useVideoScript(channelId, ideaId);
  let body;
  if (query.isPending) body = <EditorSkeleton />;
  else if (query.isError) {
    body = isApiError(query.error, 404) ? (
      <Alert severity="warning">
        <AlertTitle>This idea is no longer saved</AlertTitle>
        Someone working on this channel may have deleted it.
      </Alert>
    ) : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        <AlertTitle>We could not load the script</AlertTitle>
        {errorText(query.error)}
      </Alert>
    );
  } else {
    body = (
      <Suspense fallback={<EditorSkeleton />}>
        <ScriptEditor
          key={ideaId}
          ideaId={ideaId}
          phrase={phrase}
          script={query.data}
          onSaved={(saved) => showScriptSaved(queryClient, channelId, saved)}
        />
      </Suspense>
    );
  }
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="script-heading"
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            Script
          </Typography>
          <Typography
            id="script-heading"
            variant="h5"
            component="h2"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {phrase}
          </Typography>
        </Box>
        <Button startIcon={<Close />} onClick={onClose} aria-label="Close the script">
          Close
        </Button>
      </Stack>
      {body}
    </Paper>
  );
}
