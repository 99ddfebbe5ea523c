import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Template } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Add from '@mui/icons-material/Add';
import {
  createTemplate,
  deleteTemplate,
  templatesQueryKey,
  updateTemplate,
} from '../../api/templates.ts';
import { NEW_TEMPLATE_ID, type EditorAction, type TemplateItem } from '../editor-state.ts';
import { toEditorError } from '../use-video-editor.ts';

/** Longest template title and content (contract templateBody). */
const TITLE_MAX = 100;
const CONTENT_MAX = 5000;

/** Props of the template manager. */
export interface TemplateManagerProps {
  channelId: string;
  templates: TemplateItem[];
  dispatch: (action: EditorAction) => void;
  /** The templates could not be loaded. */
  loadError: boolean;
  open: boolean;
  onClose: () => void;
  onInsert: (content: string) => void;
}

function TemplateForm({
  template,
  channelId,
  dispatch,
}: {
  template: TemplateItem;
  channelId: string;
  dispatch: (action: EditorAction) => void;
}) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(template.title);
  const [content, setContent] = useState(template.content);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isNew = template.id === NEW_TEMPLATE_ID;
  const titleId = `template-${template.id}-title`;
  const contentId = `template-${template.id}-content`;

  const save = async (): Promise<void> => {
    if (!title.trim()) {
      setError('Give the template a title.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const input = { title: title.trim(), content };
      const saved = isNew
        ? await createTemplate(channelId, input)
        : await updateTemplate(channelId, template.id, input);
      dispatch({ type: 'templateSaved', id: template.id, template: saved });
      queryClient.setQueryData<Template[]>(templatesQueryKey(channelId), (old = []) =>
        isNew ? [saved, ...old] : old.map((t) => (t.id === saved.id ? saved : t)),
      );
    } catch (err) {
      setError(toEditorError(err).message);
      setSaving(false);
    }
  };

  return (
    <Stack
      component="form"
      aria-label={isNew ? 'New template' : `Edit template ${template.title}`}
      sx={{ gap: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        id={titleId}
        label="Template title"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        slotProps={{ htmlInput: { maxLength: TITLE_MAX } }}
        autoFocus
      />
      <TextField
        id={contentId}
        label="Template content"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        multiline
        minRows={4}
        slotProps={{ htmlInput: { maxLength: CONTENT_MAX } }}
      />
      {error ? <Alert severity="error">{error}</Alert> : null}
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={() => dispatch({ type: 'templateCancel', id: template.id })}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          Save template
        </Button>
      </Stack>
    </Stack>
  );
}

function TemplateView({
  template,
  channelId,
  dispatch,
  onInsert,
}: {
  template: TemplateItem;
  channelId: string;
  dispatch: (action: EditorAction) => void;
  onInsert: (content: string) => void;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async (): Promise<void> => {
    setDeleting(true);
    setError(null);
    try {
      await deleteTemplate(channelId, template.id);
      dispatch({ type: 'templateDeleted', id: template.id });
      queryClient.setQueryData<Template[]>(templatesQueryKey(channelId), (old = []) =>
        old.filter((t) => t.id !== template.id),
      );
    } catch (err) {
      setError(toEditorError(err).message);
      setDeleting(false);
    }
  };
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {template.title}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          whiteSpace: 'pre-wrap',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {template.content || '(empty)'}
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="outlined"
          onClick={() => onInsert(template.content)}
          aria-label={`Insert template ${template.title}`}
        >
          Insert
        </Button>
        <Button
          size="small"
          onClick={() => dispatch({ type: 'templateEdit', id: template.id })}
          aria-label={`Edit template ${template.title}`}
        >
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          loading={deleting}
          onClick={() => void remove()}
          aria-label={`Delete template ${template.title}`}
        >
          Delete
        </Button>
      </Stack>
    </Box>
  );
}

/** The channel's description templates: create, edit, delete and insert (a dialog). */
export default function TemplateManager({
  channelId,
  templates,
  dispatch,
  loadError,
  open,
  onClose,
  onInsert,
}: TemplateManagerProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const creating = templates.some((t) => t.id === NEW_TEMPLATE_ID);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="template-manager-title"
    >
      <DialogTitle id="template-manager-title">Description templates</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Templates are shared by everyone on this channel. Insert one into the description at the
          cursor.
        </Typography>
        <Button
          startIcon={<Add />}
          variant="outlined"
          disabled={creating}
          onClick={() => dispatch({ type: 'templateNew' })}
          sx={{ mb: 2 }}
        >
          New template
        </Button>
        {loadError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            We could not load this channel's templates. Close this window and try again later.
          </Alert>
        ) : null}
        {templates.length === 0 && !loadError ? (
          <Typography color="text.secondary">
            No templates yet. Create one for the links and text you add to every video.
          </Typography>
        ) : (
          <Stack
            component="ul"
            aria-label="Templates"
            sx={{ listStyle: 'none', m: 0, p: 0, gap: 2 }}
          >
            {templates.map((t) => (
              <Paper component="li" variant="outlined" key={t.id} sx={{ p: 2 }}>
                {t.edit ? (
                  <TemplateForm template={t} channelId={channelId} dispatch={dispatch} />
                ) : (
                  <TemplateView
                    template={t}
                    channelId={channelId}
                    dispatch={dispatch}
                    onInsert={onInsert}
                  />
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
