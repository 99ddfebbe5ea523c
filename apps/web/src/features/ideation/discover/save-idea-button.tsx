import { useId, useState } from 'react';
import type { Idea } from '@tubewise/contract';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { notify } from '../../../lib/notify.ts';
import { useIdeaFolders, useSaveIdea } from '../api/folders.ts';
import { ideaErrorText } from './idea-errors.ts';

/**
 * Saves an idea from the list in one click (the channel's default folder), or into a folder
 * chosen from a small menu; "Saved" once the channel has it.
 */
export function SaveIdeaButton({ idea, channelId }: { idea: Idea; channelId: string | undefined }) {
  const save = useSaveIdea(channelId);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const folders = useIdeaFolders(channelId, anchor !== null);
  const menuId = useId();
  const saved = idea.savedIdeaIds.length > 0 || save.isSuccess;

  const saveTo = (folderId?: string, folderName?: string) => {
    setAnchor(null);
    save.mutate(
      {
        phrase: idea.phrase,
        language: idea.languageId,
        ...(folderId ? { target: { folderId } } : {}),
      },
      {
        onSuccess: () =>
          notify(`Saved “${idea.phrase}” to ${folderName ?? 'your saved ideas'}.`, {
            variant: 'success',
          }),
        onError: (error) => notify(ideaErrorText(error, 'save the idea'), { variant: 'error' }),
      },
    );
  };

  if (saved) {
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        Saved
      </Typography>
    );
  }
  return (
    <>
      <ButtonGroup size="small" variant="outlined" aria-label={`Save “${idea.phrase}”`}>
        <Button
          onClick={() => saveTo()}
          loading={save.isPending}
          aria-label={`Save “${idea.phrase}” to your saved ideas`}
        >
          Save
        </Button>
        <Button
          aria-label={`Save “${idea.phrase}” to a folder`}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          disabled={save.isPending}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ px: 0.5, minWidth: 0 }}
        >
          <span aria-hidden>▾</span>
        </Button>
      </ButtonGroup>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {folders.isPending ? <MenuItem disabled>Loading folders…</MenuItem> : null}
        {folders.isError ? <MenuItem disabled>Folders could not be loaded</MenuItem> : null}
        {(folders.data ?? []).map((folder) => (
          <MenuItem key={folder.id} onClick={() => saveTo(folder.id, folder.name)}>
            <ListItemText primary={folder.name} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
