import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { CHANNEL_SEARCH_FAILED_TEXT } from '@tubewise/contract/onboarding-constants';
import { isApiError } from '../../lib/api-error.ts';
import {
  CHANNEL_SEARCH_MAX_LENGTH,
  useChannelSearch,
  type FoundChannel,
} from '../../lib/channel-search.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { FormMessage } from '../form-message.tsx';
import { FormTextField } from '../form-text-field.tsx';
import { ChannelAvatar } from './channel-avatar.tsx';

/** Said when the search is submitted without a name (nothing is asked). */
export const CHANNEL_SEARCH_EMPTY_TEXT = 'Type a channel name, then search.';

/** Why a search failed, in words. */
export function channelSearchFailureText(err: unknown): string {
  if (isApiError(err) && err.code === 'rate-limited') {
    return 'Too many searches in a short time. Wait a moment, then search again.';
  }
  return `${CHANNEL_SEARCH_FAILED_TEXT}. Please try again.`;
}

/** "3 channels found". */
const foundText = (n: number) => (n === 1 ? '1 channel found' : `${n} channels found`);

/** Props of ChannelSearch: what differs between the pages that find channels. */
export interface ChannelSearchProps {
  /** Name of the search landmark (e.g. "Search channels"). */
  searchLabel: string;
  /** Label of the text field (e.g. "Channel name"). */
  fieldLabel: string;
  /** Said before the first search. */
  hint: string;
  /** Where the search's cache entries live (e.g. under the signed-in user's key). */
  queryScope?: readonly unknown[];
  /** The action on a found channel (e.g. "Choose", "Add"); its name is "<action> <title>". */
  actionLabel: string;
  /** The action's text while it runs for `pendingId` (e.g. "Adding…"). */
  pendingLabel?: string;
  /** The channel whose action is running; the others wait meanwhile. */
  pendingId?: string | null;
  /** Why a found channel cannot be taken (e.g. "Chosen", "Your channel"), or null when it can. */
  blockedReason: (youtubeId: string) => string | null;
  /** The limit is reached: no found channel can be taken (the page says why). */
  full: boolean;
  onPick: (channel: FoundChannel) => void;
}

/** One found channel: its name and description, then the action or why it cannot be taken. */
function FoundChannelItem({
  channel,
  reason,
  picked,
  actionLabel,
  pendingLabel,
  pending,
  waiting,
  full,
  itemRef,
  onPick,
}: {
  channel: FoundChannel;
  reason: string | null;
  /** The person just took this one: focus follows it once its button gives way to the reason. */
  picked: boolean;
  actionLabel: string;
  pendingLabel: string | undefined;
  pending: boolean;
  waiting: boolean;
  full: boolean;
  itemRef: (el: HTMLLIElement | null) => void;
  onPick: () => void;
}) {
  const rowRef = useRef<HTMLLIElement | null>(null);
  const reasonRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!reason || !picked) return;
    // The button that had focus is gone: focus the text that replaced it, unless the person
    // has moved on meanwhile.
    const active = document.activeElement;
    if (!active || active === document.body || rowRef.current?.contains(active)) {
      reasonRef.current?.focus();
    }
  }, [reason, picked]);

  return (
    <Box
      component="li"
      ref={(el: HTMLLIElement | null) => {
        rowRef.current = el;
        itemRef(el);
      }}
      tabIndex={-1}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 0.5,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '&:focus': { outline: 'none' },
      }}
    >
      <ChannelAvatar src={channel.thumbnailUrl} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{channel.title}</Typography>
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
      {reason ? (
        <Typography
          ref={reasonRef}
          tabIndex={-1}
          variant="body2"
          color="text.secondary"
          sx={{ flexShrink: 0 }}
        >
          <Box component="span" sx={visuallyHidden}>
            {channel.title}:{' '}
          </Box>
          {reason}
        </Typography>
      ) : (
        <Button
          variant="outlined"
          size="small"
          // Running: aria-disabled rather than disabled, so focus stays on it until it is done.
          aria-disabled={pending || undefined}
          disabled={!pending && (full || waiting)}
          aria-label={`${actionLabel} ${channel.title}`}
          onClick={() => {
            if (!pending) onPick();
          }}
          sx={{ flexShrink: 0 }}
        >
          {pending && pendingLabel ? pendingLabel : actionLabel}
        </Button>
      )}
    </Box>
  );
}

/**
 * Finds YouTube channels by name with the public channel search (on submit only: each search
 * costs quota; an empty name asks nothing) and offers an action on each result, page by page
 * ("Show more channels"). One status region, always there, says what happens (searching, how
 * many found, none), so screen readers announce each change; after the action focus goes to
 * the text that replaces the button, and after "Show more channels" to the first new channel.
 */
export function ChannelSearch({
  searchLabel,
  fieldLabel,
  hint,
  queryScope,
  actionLabel,
  pendingLabel,
  pendingId = null,
  blockedReason,
  full,
  onPick,
}: ChannelSearchProps) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [emptyAsked, setEmptyAsked] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const firstNew = useRef<number | null>(null);
  const moreRef = useRef<HTMLButtonElement>(null);
  const search = useChannelSearch(q, queryScope);
  const resultsId = useId();

  const channels = search.data?.pages.flatMap((page) => page.channels) ?? [];

  // After "Show more channels": focus the first channel it brought, if focus was on the button
  // (or was lost because the last page removed it).
  useEffect(() => {
    const index = firstNew.current;
    const channel = index === null ? undefined : channels[index];
    if (!channel) return;
    firstNew.current = null;
    const active = document.activeElement;
    if (!active || active === document.body || active === moreRef.current) {
      items.current.get(channel.youtubeId)?.focus();
    }
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    firstNew.current = null;
    if (next === '') {
      setEmptyAsked(true);
      fieldRef.current?.focus();
      return;
    }
    setEmptyAsked(false);
    if (next === q) void search.refetch();
    else setQ(next);
  };

  const searching = search.isFetching && !search.isFetchingNextPage;
  let status = '';
  if (emptyAsked) status = CHANNEL_SEARCH_EMPTY_TEXT;
  else if (q === '') status = hint;
  else if (searching) status = 'Searching…';
  else if (search.isSuccess) {
    status =
      channels.length === 0
        ? `No channels found for “${q}”. Try another name.`
        : foundText(channels.length);
  }

  return (
    <Box>
      <Box
        component="form"
        role="search"
        aria-label={searchLabel}
        noValidate
        onSubmit={submit}
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          flexDirection: { xs: 'column', sm: 'row' },
        }}
      >
        <FormTextField
          label={fieldLabel}
          name="channel-search"
          autoComplete="off"
          ref={fieldRef}
          value={text}
          onChange={(e) => setText(e.target.value)}
          inputProps={{ maxLength: CHANNEL_SEARCH_MAX_LENGTH, 'aria-controls': resultsId }}
        />
        <Button
          type="submit"
          variant="outlined"
          size="large"
          sx={{ height: { sm: 56 }, flexShrink: 0 }}
        >
          Search
        </Button>
      </Box>
      <Box id={resultsId} sx={{ mt: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {searching ? <CircularProgress size={20} aria-hidden /> : null}
          {/* Mounted once: only its text changes, so every change is announced. */}
          <Typography role="status" color="text.secondary">
            {status}
          </Typography>
        </Box>
        {search.isError && !search.isFetchNextPageError && !searching ? (
          <Box sx={{ mt: 1 }}>
            <FormMessage severity="error">{channelSearchFailureText(search.error)}</FormMessage>
          </Box>
        ) : null}
        {channels.length > 0 ? (
          <>
            <Box
              component="ul"
              aria-label="Channels found"
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 1 }}
            >
              {channels.map((channel) => (
                <FoundChannelItem
                  key={channel.youtubeId}
                  channel={channel}
                  reason={blockedReason(channel.youtubeId)}
                  picked={picked === channel.youtubeId}
                  actionLabel={actionLabel}
                  pendingLabel={pendingLabel}
                  pending={pendingId === channel.youtubeId}
                  waiting={pendingId !== null}
                  full={full}
                  itemRef={(el) => {
                    if (el) items.current.set(channel.youtubeId, el);
                    else items.current.delete(channel.youtubeId);
                  }}
                  onPick={() => {
                    setPicked(channel.youtubeId);
                    onPick(channel);
                  }}
                />
              ))}
            </Box>
            {search.isFetchNextPageError ? (
              <Box sx={{ mt: 1 }}>
                <FormMessage severity="error">{channelSearchFailureText(search.error)}</FormMessage>
              </Box>
            ) : null}
            {search.hasNextPage ? (
              <Button
                ref={moreRef}
                sx={{ mt: 1 }}
                aria-disabled={search.isFetchingNextPage || undefined}
                onClick={() => {
                  if (search.isFetchingNextPage) return;
                  firstNew.current = channels.length;
                  void search.fetchNextPage();
                }}
              >
                {search.isFetchingNextPage ? 'Loading more channels…' : 'Show more channels'}
              </Button>
            ) : null}
          </>
        ) : null}
      </Box>
    </Box>
  );
}
