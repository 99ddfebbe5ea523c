import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useIdeaFolders, type SaveTarget } from '../api/folders.ts';
import { MAX_FOLDER_NAME_LENGTH } from '../discover/constants.ts';

const NEW_FOLDER = '__new__';

/** Props of the save dialog. */
export interface SaveIdeaDialogProps {
  open: boolean;
  channelId: string | undefined;
  phrase: string;
  saving: boolean;
  error: string | null;
  onClose: () => void;
  /** Saves into the target; `folderName` names it for the confirmation. */
  onSave: (target: SaveTarget, folderName: string) => void;
}

/**
 * Chooses where to save an idea: one of the channel's folders (the default first and
 * preselected) or a new folder by name.
 */
export function SaveIdeaDialog({
  open,
  channelId,
  phrase,
  saving,
  error,
  onClose,
  onSave,
}: SaveIdeaDialogProps) {
  const folders = useIdeaFolders(channelId, open);
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const titleId = useId();
  const items = folders.data ?? [];
  const selected = choice ?? items[0]?.id ?? NEW_FOLDER;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected === NEW_FOLDER) {
      const trimmed = name.trim();
      if (!trimmed) {
        setNameError('Enter a name for the new folder.');
        return;
      }
      if (items.some((f) => f.name.toLowerCase() === trimmed.toLowerCase())) {
        setNameError('A folder with this name exists: choose it above.');
        return;
      }
      onSave({ newFolderName: trimmed }, trimmed);
    } else {
      onSave({ folderId: selected }, items.find((f) => f.id === selected)?.name ?? '');
    }
  };

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id={titleId}>Save “{phrase}”</DialogTitle>
      <DialogContent>
        {folders.isError ? (
          <Alert
            severity="error"
            sx={{ mb: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void folders.refetch()}>
                Retry
              </Button>
            }
          >
            We could not load your folders.
          </Alert>
        ) : null}
        {folders.isPending ? (
          <>
            <Skeleton variant="text" height={42} />
            <Skeleton variant="text" height={42} />
          </>
        ) : (
          <RadioGroup
            aria-label="Folder"
            value={selected}
            onChange={(e) => {
              setChoice(e.target.value);
              setNameError(null);
            }}
          >
            {items.map((folder) => (
              <FormControlLabel
                key={folder.id}
                value={folder.id}
                control={<Radio />}
                label={`${folder.name} (${folder.ideaCount})`}
              />
            ))}
            <FormControlLabel value={NEW_FOLDER} control={<Radio />} label="New folder" />
          </RadioGroup>
        )}
        {selected === NEW_FOLDER && !folders.isPending ? (
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="New folder name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(null);
            }}
            error={Boolean(nameError)}
            helperText={nameError ?? ' '}
            slotProps={{ htmlInput: { maxLength: MAX_FOLDER_NAME_LENGTH } }}
          />
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={folders.isPending}>
          Save idea
        </Button>
      </DialogActions>
    </Dialog>
  );
}
