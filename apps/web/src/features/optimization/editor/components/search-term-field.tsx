import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookmarkedKeyword, KeywordMetrics } from '@tubewise/contract';
import type { Tip } from '@tubewise/recommendations';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BookmarkAdd from '@mui/icons-material/BookmarkAddOutlined';
import Cancel from '@mui/icons-material/Cancel';
import {
  bookmarkedKeywordsQueryKey,
  bookmarkKeyword,
  removeBookmarkedKeyword,
  useBookmarkedKeywords,
  useKeywordSearch,
} from '../../api/keywords.ts';
import { formatCompactNumber } from '../../../../lib/format.ts';
import {
  KEYWORD_QUERY_MAX_LENGTH,
  KEYWORD_SEARCH_DEBOUNCE_MS,
  SEARCH_TERM_MAX_LENGTH,
} from '../editor-texts.ts';
import { toEditorError } from '../use-video-editor.ts';
import { FieldTips } from './field-parts.tsx';

/** "Low (0.23)": advertiser competition 0..1 in words. */
export function competitionText(competition: number | null): string {
  if (competition === null) return 'unknown';
  const band = competition < 0.34 ? 'Low' : competition < 0.67 ? 'Medium' : 'High';
  return `${band} (${competition.toFixed(2)})`;
}

/** "12K searches/mo" or "volume unknown". */
export function volumeText(volume: number | null): string {
  return volume === null ? 'volume unknown' : `${formatCompactNumber(volume)} searches/mo`;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Bookmarks sorted by volume descending, unknown volumes last (spec section 3). */
export function sortBookmarks(items: readonly BookmarkedKeyword[]): BookmarkedKeyword[] {
  return [...items].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1));
}

function Bookmarks({
  channelId,
  videoId,
  searchTerm,
  onChoose,
}: {
  channelId: string;
  videoId: string;
  searchTerm: string | null;
  onChoose: (term: string) => void;
}) {
  const queryClient = useQueryClient();
  const query = useBookmarkedKeywords(channelId, videoId);
  const key = bookmarkedKeywordsQueryKey(channelId, videoId);
  const onSaved = (items: BookmarkedKeyword[]) => queryClient.setQueryData(key, items);
  const add = useMutation({
    mutationFn: (keyword: string) => bookmarkKeyword(channelId, videoId, keyword),
    onSuccess: onSaved,
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeBookmarkedKeyword(channelId, videoId, id),
    onSuccess: onSaved,
  });
  const items = sortBookmarks(query.data ?? []);
  const term = searchTerm?.trim() ?? '';
  const canBookmark =
    term !== '' &&
    query.isSuccess &&
    !items.some((i) => i.keyword.toLowerCase() === term.toLowerCase());
  const failure = add.error ?? remove.error;

  return (
    <Box sx={{ mt: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography variant="body2" id="bookmarks-label">
          Bookmarked keywords
        </Typography>
        {canBookmark ? (
          <Button
            size="small"
            startIcon={<BookmarkAdd />}
            loading={add.isPending}
            onClick={() => add.mutate(term)}
          >
            Bookmark “{term}”
          </Button>
        ) : null}
      </Stack>
      {query.isPending ? (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            Loading bookmarked keywords…
          </Typography>
        </Stack>
      ) : null}
      {query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          }
        >
          We could not load the bookmarked keywords.
        </Alert>
      ) : null}
      {query.isSuccess && items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No bookmarked keywords yet. Bookmark terms you want to compare.
        </Typography>
      ) : null}
      {items.length > 0 ? (
        <Stack
          direction="row"
          role="list"
          aria-labelledby="bookmarks-label"
          sx={{ gap: 1, flexWrap: 'wrap' }}
        >
          {items.map((item) => (
            <Chip
              key={item.id}
              role="listitem"
              label={`${item.keyword} · ${volumeText(item.volume)}`}
              onClick={() => onChoose(item.keyword)}
              onDelete={() => remove.mutate(item.id)}
              aria-label={`Use ${item.keyword} as the search term`}
              deleteIcon={<Cancel titleAccess={`Remove bookmark ${item.keyword}`} />}
              color={item.keyword.toLowerCase() === term.toLowerCase() ? 'primary' : 'default'}
              variant="outlined"
            />
          ))}
        </Stack>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {toEditorError(failure).message}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * The search term: autocomplete with keyword suggestions (estimated volume and competition) as
 * the person types, and the video's bookmarked keywords. Choosing a term saves it and reloads
 * the recommendations for it.
 */
export function SearchTermField({
  channelId,
  videoId,
  value,
  onChoose,
  tips,
}: {
  channelId: string;
  videoId: string;
  value: string | null;
  onChoose: (term: string | null) => void;
  tips: Tip[];
}) {
  const [text, setText] = useState(value ?? '');
  // Only what the person typed is looked up, not the chosen term the field shows.
  const [typing, setTyping] = useState(false);
  useEffect(() => setText(value ?? ''), [value]);
  const typed = useDebounced(
    typing ? text.slice(0, KEYWORD_QUERY_MAX_LENGTH) : '',
    KEYWORD_SEARCH_DEBOUNCE_MS,
  );
  const query = useKeywordSearch(typed, channelId);
  const options = query.data?.items ?? [];

  const choose = (next: string | KeywordMetrics | null): void => {
    const term = (typeof next === 'string' ? next : (next?.keyword ?? '')).trim();
    if ((term || null) !== (value || null)) onChoose(term || null);
  };

  return (
    <Box component="section" aria-label="Search term">
      <Typography
        component="label"
        htmlFor="video-search-term"
        variant="subtitle1"
        sx={{ fontWeight: 600, display: 'block', mb: 0.5 }}
      >
        Search term
      </Typography>
      <Autocomplete<KeywordMetrics, false, false, true>
        id="video-search-term"
        freeSolo
        options={options}
        filterOptions={(o) => o}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.keyword)}
        value={value}
        inputValue={text}
        onInputChange={(_e, next, reason) => {
          setText(next);
          setTyping(reason === 'input');
        }}
        onChange={(_e, next) => choose(next)}
        loading={query.isFetching}
        loadingText="Looking up keywords…"
        noOptionsText={typed.trim() ? 'No suggestions' : 'Type a keyword'}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
              <Typography variant="body2">{option.keyword}</Typography>
              <Typography variant="caption" color="text.secondary">
                {volumeText(option.volume)} · competition {competitionText(option.competition)}
              </Typography>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder="What should people search to find this video?"
            slotProps={{
              ...params.slotProps,
              htmlInput: {
                ...params.slotProps.htmlInput,
                maxLength: SEARCH_TERM_MAX_LENGTH,
                'aria-describedby': 'search-term-source',
              },
            }}
          />
        )}
      />
      <Typography id="search-term-source" variant="caption" color="text.secondary">
        {query.data
          ? `Estimates from ${query.data.source.name}`
          : 'Suggestions show estimated monthly searches and competition.'}
      </Typography>
      {query.isError ? (
        <Typography variant="caption" color="error" component="p">
          Keyword suggestions are not available right now: {toEditorError(query.error).message}
        </Typography>
      ) : null}
      <FieldTips tips={tips} label="Search term tips" />
      <Bookmarks channelId={channelId} videoId={videoId} searchTerm={value} onChoose={onChoose} />
    </Box>
  );
}
