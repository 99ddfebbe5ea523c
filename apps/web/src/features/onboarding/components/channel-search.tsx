import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { OnboardingCompetitor } from '@tubewise/contract';
import { CHANNEL_SEARCH_FAILED_TEXT } from '@tubewise/contract/onboarding-constants';
import { FormMessage } from '../../../components/form-message.tsx';
import { FormTextField } from '../../../components/form-text-field.tsx';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { useChannelSearch } from '../api/channel-search.ts';
import { ChannelAvatar } from './channel-avatar.tsx';

/**
 * Search YouTube channels by name and choose from the results: idle (a hint), searching, the
 * results page by page ("Show more channels"), none found, or 'Channel search failed'.
 */
export function ChannelSearch({
  chosenIds,
  full,
  onChoose,
}: {
  chosenIds: ReadonlySet<string>;
  /** The most competitors are chosen: results can no longer be chosen. */
  full: boolean;
  onChoose: (channel: OnboardingCompetitor) => void;
}) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useChannelSearch(q);
  const resultsId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    if (next === q) void search.refetch();
    setQ(next);
  };

  const channels = search.data?.pages.flatMap((page) => page.channels) ?? [];
  return (
    <Box>
      <Box
        component="form"
        role="search"
        aria-label="Search channels"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
      >
        <FormTextField
          label="Channel name"
          name="channel-search"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          inputProps={{ maxLength: 100, 'aria-controls': resultsId }}
        />
        <Button type="submit" variant="outlined" size="large" sx={{ height: 56, flexShrink: 0 }}>
          Search
        </Button>
      </Box>
      <Box id={resultsId} sx={{ mt: 2 }}>
        {q === '' ? (
          <Typography color="text.secondary">
            Search for the YouTube channels you compete with, by name.
          </Typography>
        ) : search.isPending ? (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>Searching…</Typography>
          </Box>
        ) : search.isError && channels.length === 0 ? (
          <FormMessage severity="error">{CHANNEL_SEARCH_FAILED_TEXT}</FormMessage>
        ) : channels.length === 0 ? (
          <Typography role="status">No channels found for “{q}”.</Typography>
        ) : (
          <>
            <Box role="status" sx={visuallyHidden}>
              {channels.length === 1 ? '1 channel found' : `${channels.length} channels found`}
            </Box>
            <Box
              component="ul"
              aria-label="Channels found"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
            >
              {channels.map((channel) => {
                const chosen = chosenIds.has(channel.youtubeId);
                return (
                  <Box
                    component="li"
                    key={channel.youtubeId}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.5 }}
                  >
                    <ChannelAvatar src={channel.thumbnailUrl} />
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {channel.title}
                      </Typography>
                      {channel.description ? (
                        <Typography
                          variant="body2"
                          color="text.secondary"
                          sx={{
                            overflow: 'hidden',
                            textOverflow: 'ellipsis',
                            display: '-webkit-box',
                            WebkitLineClamp: 1,
                            WebkitBoxOrient: 'vertical',
                          }}
                        >
                          {channel.description}
                        </Typography>
                      ) : null}
                    </Box>
                    <Button
                      variant={chosen ? 'text' : 'outlined'}
                      size="small"
                      disabled={chosen || full}
                      aria-label={chosen ? `${channel.title} chosen` : `Choose ${channel.title}`}
                      onClick={() =>
                        onChoose({
                          youtubeId: channel.youtubeId,
                          title: channel.title,
                          thumbnailUrl: channel.thumbnailUrl,
                        })
                      }
                    >
                      {chosen ? 'Chosen' : 'Choose'}
                    </Button>
                  </Box>
                );
              })}
            </Box>
            {search.isFetchNextPageError ? (
              <Box sx={{ mt: 1 }}>
                <FormMessage severity="error">{CHANNEL_SEARCH_FAILED_TEXT}</FormMessage>
              </Box>
            ) : null}
            {search.hasNextPage ? (
              <Button
                sx={{ mt: 1 }}
                onClick={() => void search.fetchNextPage()}
                loading={search.isFetchingNextPage}
              >
                Show more channels
              </Button>
            ) : null}
          </>
        )}
      </Box>
    </Box>
  );
}
