import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import FolderSpecialOutlined from '@mui/icons-material/FolderSpecialOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import type { IdeaFolder } from '@tubewise/contract';
import { DEFAULT_FOLDER_NAME } from '@tubewise/contract/constants';
import { notify } from '../../../lib/notify.ts';
import { createIdeaFolder } from '../api/folders.ts';
import { deleteIdeaFolder, refreshSavedIdeas, renameIdeaFolder } from '../api/saved.ts';

// Dialogs (and their text field) load when one opens, not with the page.
const FolderNameDialog = lazy(() =>
  import('./folder-dialogs.tsx').then((m) => ({ default: m.FolderNameDialog })),
);
const ConfirmDialog = lazy(() =>
  import('./folder-dialogs.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

/** "1 idea", "3 ideas". */
export function ideaCountText(count: number): string {
  return `${count} ${count === 1 ? 'idea' : 'ideas'}`;
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; folder: IdeaFolder }
  | { kind: 'delete'; folder: IdeaFolder }
  | null;

/** The channel's folders: choose one, create, rename and delete (with confirmation). */
export function FolderPanel({
  channelId,
  folders,
  selectedId,
  onSelect,
}: {
  channelId: string;
  folders: IdeaFolder[];
  selectedId: string;
  onSelect: (folder: IdeaFolder) => void;
}) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; folder: IdeaFolder } | null>(null);
  const close = (): void => setDialog(null);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="folders-heading">
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5, pb: 0.5, gap: 1 }}>
        <Typography id="folders-heading" variant="h6" component="h2" sx={{ flex: 1 }}>
          Folders
        </Typography>
        <Button size="small" startIcon={<Add />} onClick={() => setDialog({ kind: 'create' })}>
          New folder
        </Button>
      </Stack>
      <Box component="nav" aria-label="Folders">
        <List dense>
          {folders.map((folder) => {
            const selected = folder.id === selectedId;
            return (
              <ListItem
                key={folder.id}
                disablePadding
                secondaryAction={
                  folder.isDefault ? null : (
                    <IconButton
                      edge="end"
                      aria-label={`Actions for the folder “${folder.name}”`}
                      aria-haspopup="menu"
                      onClick={(e) => setMenu({ anchor: e.currentTarget, folder })}
                    >
                      <MoreVert />
                    </IconButton>
                  )
                }
              >
                <ListItemButton
                  selected={selected}
                  aria-current={selected ? 'page' : undefined}
                  onClick={() => onSelect(folder)}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {folder.isDefault ? <FolderSpecialOutlined /> : <FolderOutlined />}
                  </ListItemIcon>
                  <ListItemText
                    primary={folder.name}
                    secondary={ideaCountText(folder.ideaCount)}
                    slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            if (menu) setDialog({ kind: 'rename', folder: menu.folder });
            setMenu(null);
          }}
        >
          Rename folder
        </MenuItem>
        <MenuItem
          onClick={() => {
            if (menu) setDialog({ kind: 'delete', folder: menu.folder });
            setMenu(null);
          }}
        >
          Delete folder
        </MenuItem>
      </Menu>
      <Suspense fallback={null}>
        {dialog?.kind === 'create' ? (
          <FolderNameDialog
            open
            title="New folder"
            submitLabel="Create folder"
            onClose={close}
            onSubmit={async (name) => {
              const folder = await createIdeaFolder(channelId, name);
              refreshSavedIdeas(queryClient, channelId);
              notify(`Folder “${folder.name}” created`, { variant: 'success' });
              onSelect(folder);
            }}
          />
        ) : null}
        {dialog?.kind === 'rename' ? (
          <FolderNameDialog
            open
            title={`Rename “${dialog.folder.name}”`}
            submitLabel="Rename folder"
            initialName={dialog.folder.name}
            onClose={close}
            onSubmit={async (name) => {
              await renameIdeaFolder(dialog.folder.id, name);
              refreshSavedIdeas(queryClient, channelId);
              notify('Folder renamed', { variant: 'success' });
            }}
          />
        ) : null}
        {dialog?.kind === 'delete' ? (
          <ConfirmDialog
            open
            title={`Delete the folder “${dialog.folder.name}”?`}
            text={
              dialog.folder.ideaCount > 0
                ? `Its ${ideaCountText(dialog.folder.ideaCount)} and their scripts move to “${DEFAULT_FOLDER_NAME}”.`
                : 'The folder is empty.'
            }
            confirmLabel="Delete folder"
            onClose={close}
            onConfirm={async () => {
              await deleteIdeaFolder(dialog.folder.id);
              const deletedId = dialog.folder.id;
              if (deletedId === selectedId) {
                const fallback = folders.find((f) => f.isDefault);
                if (fallback) onSelect(fallback);
              }
              refreshSavedIdeas(queryClient, channelId);
              notify(`Folder “${dialog.folder.name}” deleted`, { variant: 'success' });
            }}
          />
        ) : null}
      </Suspense>
    </Paper>
  );
}
