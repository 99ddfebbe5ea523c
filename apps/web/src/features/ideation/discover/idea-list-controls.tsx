import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  FIRST_DIRECTION,
  type IdeaFilters,
  type IdeaSort,
  type IdeaSortKey,
} from './idea-sorting.ts';

const SORT_LABELS: Record<IdeaSortKey, string> = {
  idea: 'Idea',
  volume: 'Est. monthly searches',
  competition: 'Competition',
  trend: 'Trend',
  opportunity: 'Opportunity',
};

/** The sort a column header click gives: a new column in its first direction, else flipped. */
export function nextSort(current: IdeaSort, key: IdeaSortKey): IdeaSort {
  if (current.key !== key) return { key, direction: FIRST_DIRECTION[key] };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * Filters (minimum monthly searches, maximum competition), the sort on phones (the table sorts
 * by its headers) and the CSV export of the ideas shown.
 */
export function IdeaListControls({
  filters,
  onFilters,
  sort,
  onSort,
  compact,
  onExport,
  exportDisabled,
}: {
  filters: IdeaFilters;
  onFilters: (filters: IdeaFilters) => void;
  sort: IdeaSort;
  onSort: (sort: IdeaSort) => void;
  compact: boolean;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  const [volumeText, setVolumeText] = useState(
    filters.minVolume === null ? '' : String(filters.minVolume),
  );
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ px: 2, pb: 1, flexWrap: 'wrap', alignItems: { sm: 'center' } }}
    >
      <TextField
        size="small"
        label="Min. monthly searches"
        type="number"
        value={volumeText}
        slotProps={{ htmlInput: { min: 0, step: 10, inputMode: 'numeric' } }}
        onChange={(event) => {
          setVolumeText(event.target.value);
          const value = Number.parseInt(event.target.value, 10);
          onFilters({ ...filters, minVolume: Number.isFinite(value) && value > 0 ? value : null });
        }}
        sx={{ width: { sm: 200 } }}
      />
      <TextField
        select
        size="small"
        label="Max. competition"
        value={filters.maxCompetition ?? 'any'}
        onChange={(event) => {
          const value = event.target.value;
          onFilters({
            ...filters,
            maxCompetition:
              value === 'Low' || value === 'Medium' || value === 'High' ? value : null,
          });
        }}
        sx={{ width: { sm: 180 } }}
      >
        <MenuItem value="any">Any</MenuItem>
        <MenuItem value="Low">Low</MenuItem>
        <MenuItem value="Medium">Medium or lower</MenuItem>
        <MenuItem value="High">High or lower</MenuItem>
      </TextField>
      {compact ? (
        <TextField
          select
          size="small"
          label="Sort by"
          value={`${sort.key}:${sort.direction}`}
          onChange={(event) => {
            const [key, direction] = event.target.value.split(':') as [
              IdeaSortKey,
              IdeaSort['direction'],
            ];
            onSort({ key, direction });
          }}
        >
          {(Object.keys(SORT_LABELS) as IdeaSortKey[]).flatMap((key) =>
            (['desc', 'asc'] as const).map((direction) => (
              <MenuItem key={`${key}:${direction}`} value={`${key}:${direction}`}>
                {SORT_LABELS[key]} ({sortDirectionText(key, direction)})
              </MenuItem>
            )),
          )}
        </TextField>
      ) : null}
      <Button
        variant="outlined"
        size="small"
        onClick={onExport}
        disabled={exportDisabled}
        sx={{ ml: { sm: 'auto' } }}
      >
        Export CSV
      </Button>
    </Stack>
  );
}

function sortDirectionText(key: IdeaSortKey, direction: IdeaSort['direction']): string {
  if (key === 'idea') return direction === 'asc' ? 'A to Z' : 'Z to A';
  return direction === 'desc' ? 'highest first' : 'lowest first';
}
