import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import type { IdeaFolder, SavedIdea } from '@tubewise/contract';
import { notify } from '../../../lib/notify.ts';
import { formatDate } from '../../../lib/format.ts';
import { deleteSavedIdea, moveSavedIdea, refreshSavedIdeas } from '../api/saved.ts';
import { competitionBand, ideaDetailsHref, volumeShort } from '../discover/idea-format.ts';
import { writeStoredScript } from '../script/script-sync.ts';
import { errorText } from './error-text.ts';

// The dialog loads when it opens, not with the page.
const ConfirmDialog = lazy(() =>
  import('./folder-dialogs.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

/** One saved idea: its figures, who saved it, its script, and what can be done with it. */
function SavedIdeaItem({
  idea,
  folders,
  open,
  onOpen,
  onMove,
  onDelete,
}: {
  idea: SavedIdea;
  folders: IdeaFolder[];
  open: boolean;
  onOpen: () => void;
  onMove: (folder: IdeaFolder) => void;
  onDelete: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const scriptLabel = idea.scriptUpdatedAt ? 'Open script' : 'Write script';
  const targets = folders.filter((f) => f.id !== idea.folderId);
  const headingId = `saved-idea-${idea.id}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: 2,
        listStyle: 'none',
        borderColor: open ? 'primary.main' : undefined,
        borderWidth: open ? 2 : 1,
      }}
    >
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {idea.phrase}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', my: 1 }}>
        <Chip size="small" label={`Opportunity ${idea.opportunity}`} color="primary" />
        <Chip size="small" variant="outlined" label={`Volume ${volumeShort(idea.volume)}`} />
        <Chip
          size="small"
          variant="outlined"
          label={`Competition ${competitionBand(idea.competition)}`}
        />
      </Stack>
      {idea.reason ? (
        <Typography variant="body2" color="text.secondary">
          {idea.reason}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        Saved by {idea.savedByName} on {formatDate(idea.savedAt)} ·{' '}
        {idea.scriptUpdatedAt
          ? `Script saved ${formatDate(idea.scriptUpdatedAt)}`
          : 'No script yet'}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5, alignItems: 'center' }}>
        <Button
          size="small"
          variant={open ? 'contained' : 'outlined'}
          startIcon={<DescriptionOutlined />}
          // The name starts with the visible text (WCAG 2.5.3), then says which idea.
          aria-label={`${scriptLabel} for “${idea.phrase}”`}
          aria-pressed={open}
          onClick={onOpen}
        >
          {scriptLabel}
        </Button>
        <Button
          size="small"
          startIcon={<DriveFileMoveOutlined />}
          aria-label={`Move “${idea.phrase}” to another folder`}
          aria-haspopup="menu"
          disabled={targets.length === 0}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          Move
        </Button>
        <Button
          size="small"
          component={RouterLink}
          to={ideaDetailsHref(idea.phrase, idea.languageId)}
        >
          Details
        </Button>
        <Box sx={{ flex: 1 }} />
        <IconButton aria-label={`Delete “${idea.phrase}”`} onClick={onDelete} size="small">
          <DeleteOutlined fontSize="small" />
        </IconButton>
      </Stack>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {targets.map((folder) => (
          <MenuItem
            key={folder.id}
            onClick={() => {
              setAnchor(null);
              onMove(folder);
            }}
          >
            Move to {folder.name}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}

/** The ideas of the selected folder, with move, delete (confirmed) and open-the-script. */
export function SavedIdeaList({
  channelId,
  folder,
  folders,
  ideas,
  openIdeaId,
  onOpen,
  onDeleted,
}: {
  channelId: string;
  folder: IdeaFolder;
  folders: IdeaFolder[];
  ideas: SavedIdea[];
  openIdeaId: string | null;
  onOpen: (idea: SavedIdea) => void;
  onDeleted: (idea: SavedIdea) => void;
}) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<SavedIdea | null>(null);

  const move = (idea: SavedIdea, target: IdeaFolder): void => {
    moveSavedIdea(idea.id, target.id).then(
      () => {
        refreshSavedIdeas(queryClient, channelId);
        notify(`Moved “${idea.phrase}” to ${target.name}`, { variant: 'success' });
      },
      (err: unknown) => notify(errorText(err), { variant: 'error' }),
    );
  };

  return (
    <>
      <Box
        component="ul"
        aria-label={`Ideas in ${folder.name}`}
        sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {ideas.map((idea) => (
          <SavedIdeaItem
            key={idea.id}
            idea={idea}
            folders={folders}
            open={idea.id === openIdeaId}
            onOpen={() => onOpen(idea)}
            onMove={(target) => move(idea, target)}
            onDelete={() => setDeleting(idea)}
          />
        ))}
      </Box>
      {deleting ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={`Delete “${deleting.phrase}”?`}
            text="The idea and its script are deleted for everyone working on this channel."
            confirmLabel="Delete idea"
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              await deleteSavedIdea(deleting.id);
              writeStoredScript(deleting.id, null);
              refreshSavedIdeas(queryClient, channelId);
              onDeleted(deleting);
              notify(`Deleted “${deleting.phrase}”`, { variant: 'success' });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
