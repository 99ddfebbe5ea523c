import { useEffect, useEffectEvent, useState, type ChangeEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { usePlaylists, type ChannelPlaylist } from '../api/get-playlists.ts';
import { timeFilters, visibilities, type TimeFilter, type Visibility } from './constants.ts';
import { hasFilters, SEARCH_MAX_LENGTH, withoutFilters, type ListState } from './list-params.ts';
import type { ListParams } from './use-list-params.ts';

/** Texts of the visibility select; '' is no filter (spec: the default label). */
export const VISIBILITY_LABELS: Record<Visibility | '', string> = {
  '': 'Visibility (All)',
  public: 'Public',
  private: 'Private',
  unlisted: 'Unlisted',
};
/** Texts of the time select; '' is no filter. */
export const TIME_LABELS: Record<TimeFilter | '', string> = {
  '': 'Any time',
  lastMonth: 'Last month',
  lastWeek: 'Last week',
};
/** Labels of the "show only" toggles. */
export const TOGGLE_LABELS = {
  updated: 'Updated on YouTube',
  drafts: 'Drafts',
  shorts: 'Shorts',
} as const;
/** Pause after typing before the title search runs. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The title search box: searches after a pause in typing, or at once on Enter. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed from elsewhere (Clear filters, back): show its value.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  const search = useEffectEvent((q: string) => onSearch(q));
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      type="search"
      size="small"
      label="Search titles"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && text.trim() !== value) onSearch(text.trim());
      }}
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: 240 } }}
      slotProps={{
        htmlInput: { maxLength: SEARCH_MAX_LENGTH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function NativeSelect<T extends string>({
  label,
  value,
  options,
  onChange,
  width,
}: {
  label: string;
  value: T | '';
  options: Record<T | '', string>;
  onChange: (value: T | null) => void;
  width: number;
}) {
  return (
    <TextField
      select
      size="small"
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) =>
        onChange((e.target.value || null) as T | null)
      }
      fullWidth={false}
      sx={{ width: { xs: '100%', sm: width } }}
      slotProps={{ select: { native: true }, htmlInput: { 'aria-label': label } }}
    >
      {(Object.keys(options) as (T | '')[]).map((key) => (
        <option key={key} value={key}>
          {options[key]}
        </option>
      ))}
    </TextField>
  );
}

function PlaylistFilter({
  channelId,
  value,
  onChange,
}: {
  channelId: string | undefined;
  value: string | null;
  onChange: (playlist: string | null) => void;
}) {
  const query = usePlaylists(channelId);
  const options = query.data?.items ?? [];
  const selected: ChannelPlaylist | null = value
    ? (options.find((p) => p.id === value) ?? {
        id: value,
        title: query.isPending ? 'Loading…' : 'Unknown playlist',
        itemCount: 0,
      })
    : null;
  return (
    <Autocomplete
      size="small"
      options={options}
      value={selected}
      loading={query.isPending && Boolean(channelId)}
      onChange={(_e, playlist) => onChange(playlist?.id ?? null)}
      getOptionLabel={(p) => p.title}
      getOptionKey={(p) => p.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={query.isError ? 'Playlists could not be loaded' : 'No playlists'}
      sx={{ width: { xs: '100%', sm: 240 } }}
      renderInput={(params) => (
        <TextField {...params} label="Playlist" placeholder="All playlists" />
      )}
    />
  );
}

/**
 * The list's filters (spec section 2): title search, visibility, playlist, time, and the
 * "show only" toggles; the shorts toggle only with the shorts feature.
 */
export function ListFilters({
  channelId,
  params,
  shortsEnabled,
}: {
  channelId: string | undefined;
  params: ListParams;
  shortsEnabled: boolean;
}) {
  const { state, setFilters, go } = params;
  const toggle = (key: keyof typeof TOGGLE_LABELS) => (
    <FormControlLabel
      key={key}
      label={TOGGLE_LABELS[key]}
      control={
        <Switch
          size="small"
          checked={state[key]}
          onChange={(e) => setFilters({ [key]: e.target.checked } as Partial<ListState>)}
        />
      }
    />
  );
  const visibilityOptions = Object.fromEntries(
    (['', ...visibilities] as const).map((v) => [v, VISIBILITY_LABELS[v]]),
  ) as Record<Visibility | '', string>;
  const timeOptions = Object.fromEntries(
    (['', ...timeFilters] as const).map((t) => [t, TIME_LABELS[t]]),
  ) as Record<TimeFilter | '', string>;

  return (
    <Stack
      component="section"
      aria-label="Filters"
      direction={{ xs: 'column', sm: 'row' }}
      useFlexGap
      sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, mb: 2 }}
    >
      <SearchBox value={state.q} onSearch={(q) => setFilters({ q }, { replace: true })} />
      <NativeSelect
        label="Visibility"
        value={state.visibility ?? ''}
        options={visibilityOptions}
        onChange={(visibility) => setFilters({ visibility })}
        width={170}
      />
      <PlaylistFilter
        channelId={channelId}
        value={state.playlist}
        onChange={(playlist) => setFilters({ playlist })}
      />
      <NativeSelect
        label="Time"
        value={state.time ?? ''}
        options={timeOptions}
        onChange={(time) => setFilters({ time })}
        width={140}
      />
      <Stack
        role="group"
        aria-label="Show only"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', columnGap: 1, pl: { sm: 1 } }}
      >
        {toggle('updated')}
        {toggle('drafts')}
        {shortsEnabled ? toggle('shorts') : null}
      </Stack>
      {hasFilters(state) ? (
        <Button size="small" onClick={() => go(withoutFilters(state))}>
          Clear filters
        </Button>
      ) : null}
    </Stack>
  );
}
