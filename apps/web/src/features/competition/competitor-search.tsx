import { useState, type FormEvent } from 'react';
import { CHANNEL_SEARCH_FAILED_TEXT } from '@tubewise/contract/onboarding-constants';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../lib/api-error.ts';
import { useChannelSearch } from './api/competition.ts';

/** Longest search text the public channel search takes. */
const SEARCH_MAX_LENGTH = 100;

/** Why a search failed, in words. */
function searchFailureText(err: unknown): string {
  if (isApiError(err) && err.code === 'rate-limited') {
    return 'Too many searches in a short time. Wait a moment, then search again.';
  }
  return `${CHANNEL_SEARCH_FAILED_TEXT}. Please try again.`;
}

/** Why a found channel cannot be added, or null when it can. */
function blockedText(
  youtubeId: string,
  own: string | undefined,
  added: ReadonlySet<string>,
): string | null {
  if (youtubeId === own) return 'Your channel';
  if (added.has(youtubeId)) return 'Added';
  return null;
}

/**
 * Finds channels by name with the public channel search (on submit: each search costs quota) and
 * adds one as a competitor; "More channels" loads the next page of results.
 */
export function CompetitorSearch({
  ownYoutubeId,
  added,
  full,
  addingId,
  onAdd,
}: {
  ownYoutubeId: string | undefined;
  /** Platform ids of the current competitors. */
  added: ReadonlySet<string>;
  /** The channel has as many competitors as it may. */
  full: boolean;
  /** The channel being added, while its call runs. */
  addingId: string | null;
  onAdd: (youtubeId: string) => void;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useChannelSearch(q);
  const found = search.data?.pages.flatMap((p) => p.channels) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next === q) void search.refetch();
    else setQ(next);
  };

  return (
    <Box>
      <Box component="form" role="search" aria-label="Find competitors" onSubmit={submit}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            label="Search channels by name"
            value={text}
            onChange={(e) => setText(e.target.value)}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: SEARCH_MAX_LENGTH } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={text.trim().length === 0}
            sx={{ flexShrink: 0 }}
          >
            Search
          </Button>
        </Stack>
      </Box>
      {search.isFetching && !search.isFetchingNextPage ? (
        <LinearProgress aria-label="Searching channels" sx={{ mt: 1.5 }} />
      ) : null}
      {search.isError ? (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          {searchFailureText(search.error)}
        </Alert>
      ) : null}
      {search.isSuccess && found.length === 0 ? (
        <Typography role="status" color="text.secondary" sx={{ mt: 1.5 }}>
          No channel matches “{q}”. Try another name.
        </Typography>
      ) : null}
      {found.length > 0 ? (
        <List aria-label="Channels found" sx={{ mt: 1 }}>
          {found.map((channel) => {
            const blocked = blockedText(channel.youtubeId, ownYoutubeId, added);
            return (
              <ListItem
                key={channel.youtubeId}
                disableGutters
                divider
                sx={{ gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
              >
                <Avatar src={channel.thumbnailUrl} alt="" sx={{ width: 40, height: 40 }} />
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {channel.title}
                  </Typography>
                  {channel.description ? (
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {channel.description}
                    </Typography>
                  ) : null}
                </Box>
                {blocked ? (
                  <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                    {blocked}
                  </Typography>
                ) : (
                  <Button
                    variant="outlined"
                    size="small"
                    disabled={full || addingId !== null}
                    onClick={() => onAdd(channel.youtubeId)}
                    aria-label={`Add ${channel.title}`}
                    sx={{ flexShrink: 0 }}
                  >
                    {addingId === channel.youtubeId ? 'Adding…' : 'Add'}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      ) : null}
      {search.hasNextPage ? (
        <Button
          onClick={() => void search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {search.isFetchingNextPage ? 'Loading more channels…' : 'More channels'}
        </Button>
      ) : null}
    </Box>
  );
}
