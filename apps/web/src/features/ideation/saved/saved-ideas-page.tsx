import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { IdeaFolder, SavedIdea } from '@tubewise/contract';
import { PageHeading } from '../../../components/page-heading.tsx';
import { paths } from '../../../config/paths.ts';
import { useActiveChannel } from '../../../lib/channels/use-active-channel.ts';
import { useIdeaFolders } from '../api/folders.ts';
import { ideationQueryKeys } from '../api/query-keys.ts';
import { useSavedIdeaAnywhere, useSavedIdeas } from '../api/saved.ts';
import { errorText } from './error-text.ts';
import { FolderPanel } from './folder-panel.tsx';
import { SavedIdeaList } from './saved-idea-list.tsx';
import { ScriptPanel } from './script-panel.tsx';
import { useSavedParams } from './use-saved-params.ts';

const RetryButton = ({ onClick }: { onClick: () => void }) => (
  <Button color="inherit" size="small" onClick={onClick}>
    Retry
  </Button>
);

function ListSkeleton({ label }: { label: string }) {
  return (
    <Box aria-busy="true" aria-label={label} sx={{ display: 'grid', gap: 1.5 }}>
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={120} />
    </Box>
  );
}

function EmptyFolder() {
  return (
    <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
      <Typography variant="subtitle1" component="p" gutterBottom>
        No ideas in this folder yet
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Save ideas from Discover or from an idea's details page, or move ideas here from another
        folder.
      </Typography>
      <Button component={RouterLink} to={paths.videoIdeaDiscover} variant="contained">
        Discover ideas
      </Button>
    </Paper>
  );
}

/**
 * The saved-ideas page: the channel's folders (selected by `?selectedFolder=`), the ideas of the
 * selected folder, and the script of the idea named by `?idea=`.
 */
export function SavedIdeasPage() {
  const queryClient = useQueryClient();
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const channelId = activeChannel?.id;
  const { folderParam, ideaParam, selectFolder, dropFolder, openIdea, showIdeaIn } =
    useSavedParams();
  const foldersQuery = useIdeaFolders(channelId);
  const folders = foldersQuery.data;
  const missingFolder = Boolean(
    folders && folderParam && !folders.some((f) => f.id === folderParam),
  );
  // A folder created elsewhere (the details page's "Save to folder", someone else) is missing
  // from a cached list until the refetch ends: wait for it before falling back to the default.
  const confirmingFolder = missingFolder && foldersQuery.isFetching;
  const unknownFolder = missingFolder && !foldersQuery.isFetching;
  const selected: IdeaFolder | undefined = confirmingFolder
    ? undefined
    : (folders?.find((f) => f.id === folderParam) ??
      folders?.find((f) => f.isDefault) ??
      folders?.[0]);

  useEffect(() => {
    if (unknownFolder) dropFolder();
  }, [unknownFolder, dropFolder]);

  const ideasQuery = useSavedIdeas(channelId, selected?.id);
  const ideaInFolder = ideasQuery.data?.find((i) => i.id === ideaParam) ?? null;
  const lookElsewhere = Boolean(ideaParam && ideasQuery.data && !ideaInFolder);
  const elsewhere = useSavedIdeaAnywhere(channelId, ideaParam, lookElsewhere);
  const found = elsewhere.data;
  useEffect(() => {
    if (lookElsewhere && found && found.folderId !== selected?.id)
      showIdeaIn(found.folderId, found.id);
  }, [lookElsewhere, found, selected?.id, showIdeaIn]);
  // Kept while the idea's own folder loads, so the open script is not closed and reopened.
  const openIdeaData: SavedIdea | null =
    ideaInFolder ?? (found && found.id === ideaParam ? found : null);
  const missingIdea = lookElsewhere && elsewhere.isSuccess && !found;

  const closeScript = (): void => {
    openIdea(null);
    if (channelId) {
      void queryClient.invalidateQueries({ queryKey: ideationQueryKeys.savedAll(channelId) });
    }
  };

  if (!channelLoading && !activeChannel) {
    return (
      <Box sx={{ py: 2 }}>
        <PageHeading title="Saved ideas" />
        <Alert severity="info">Connect a channel to save ideas and write their scripts.</Alert>
      </Box>
    );
  }

  const scriptOpen = Boolean(openIdeaData && channelId);
  let folderArea;
  if (foldersQuery.isError) {
    folderArea = (
      <Alert severity="error" action={<RetryButton onClick={() => void foldersQuery.refetch()} />}>
        <AlertTitle>We could not load the folders</AlertTitle>
        {errorText(foldersQuery.error)}
      </Alert>
    );
  } else if (!folders || !selected || !channelId) {
    folderArea = <Skeleton variant="rounded" height={220} aria-label="Loading the folders" />;
  } else {
    folderArea = (
      <FolderPanel
        channelId={channelId}
        folders={folders}
        selectedId={selected.id}
        onSelect={(folder) => selectFolder(folder.isDefault ? null : folder.id)}
      />
    );
  }

  let ideasArea;
  if (ideasQuery.isError) {
    ideasArea = (
      <Alert severity="error" action={<RetryButton onClick={() => void ideasQuery.refetch()} />}>
        <AlertTitle>We could not load the saved ideas</AlertTitle>
        {errorText(ideasQuery.error)}
      </Alert>
    );
  } else if (!ideasQuery.data || !selected || !folders || !channelId) {
    ideasArea = foldersQuery.isError ? null : <ListSkeleton label="Loading the saved ideas" />;
  } else if (ideasQuery.data.length === 0) {
    ideasArea = <EmptyFolder />;
  } else {
    ideasArea = (
      <SavedIdeaList
        channelId={channelId}
        folder={selected}
        folders={folders}
        ideas={ideasQuery.data}
        openIdeaId={openIdeaData?.id ?? null}
        onOpen={(idea) => openIdea(idea.id)}
        onDeleted={(idea) => {
          if (idea.id === ideaParam) openIdea(null, true);
        }}
      />
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Saved ideas">
        {activeChannel
          ? `Ideas saved for ${activeChannel.name}, shared with everyone working on the channel. Open an idea to write its script; it saves as you type.`
          : null}
      </PageHeading>
      {missingIdea ? (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          onClose={() => openIdea(null, true)}
          slotProps={{ closeButton: { title: 'Dismiss' } }}
        >
          The idea in this link is no longer saved on this channel.
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: scriptOpen
            ? { xs: 'minmax(0, 1fr)', md: '240px minmax(0, 1fr)', lg: '240px 320px minmax(0, 1fr)' }
            : { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ display: scriptOpen ? { xs: 'none', md: 'block' } : 'block' }}>{folderArea}</Box>
        <Box
          component="section"
          aria-labelledby="ideas-heading"
          sx={{ display: scriptOpen ? { xs: 'none', lg: 'block' } : 'block', minWidth: 0 }}
        >
          <Typography id="ideas-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
            {selected ? selected.name : 'Saved ideas'}
          </Typography>
          {ideasArea}
        </Box>
        {scriptOpen && openIdeaData && channelId ? (
          <ScriptPanel
            key={openIdeaData.id}
            channelId={channelId}
            ideaId={openIdeaData.id}
            phrase={openIdeaData.phrase}
            onClose={closeScript}
          />
        ) : null}
      </Box>
    </Box>
  );
}
