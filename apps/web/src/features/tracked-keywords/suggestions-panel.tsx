import { useState } from 'react';
import type { TrackedKeywordSuggestion, TrackedKeywordSuggestionSource } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { keywordCount, SOURCE_LABEL } from './format.ts';

/** The groups in the order shown. */
const SOURCES = Object.keys(SOURCE_LABEL) as TrackedKeywordSuggestionSource[];

/** What a suggestion's source adds to its keyword: the video, or the position it ranks at. */
function detailOf(s: TrackedKeywordSuggestion): string | null {
  if (s.source === 'ranking' && s.position !== null)
    return `#${s.position}${s.videoTitle ? ` with “${s.videoTitle}”` : ''}`;
  return s.videoTitle ? `from “${s.videoTitle}”` : null;
}

/**
 * Suggestions by source (search terms, bookmarks, ranking phrases) as checkboxes; "Add selected"
 * tracks the chosen ones in the page's keyword language.
 */
export function SuggestionsPanel({
  items,
  loading,
  failed,
  adding,
  onRetry,
  onAdd,
}: {
  items: TrackedKeywordSuggestion[] | undefined;
  loading: boolean;
  failed: boolean;
  adding: boolean;
  onRetry: () => void;
  /** Adds the keywords; resolves whether it went through (the selection is then cleared). */
  onAdd: (keywords: string[]) => Promise<boolean>;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const shown = new Set(items?.map((i) => i.keyword));
  const chosen = [...selected].filter((k) => shown.has(k));

  const toggle = (keyword: string, on: boolean): void => {
    const next = new Set(selected);
    if (on) next.add(keyword);
    else next.delete(keyword);
    setSelected(next);
  };

  let body;
  if (failed) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        We could not load the suggestions.
      </Alert>
    );
  } else if (loading || !items) {
    body = <Skeleton variant="rounded" height={96} aria-label="Loading the suggestions" />;
  } else if (items.length === 0) {
    body = (
      <Typography variant="body2" color="text.secondary">
        No suggestions right now. Choose a search term or bookmark keywords in a video's editor, and
        phrases your videos rank for show up here after the daily checks.
      </Typography>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {SOURCES.map((source) => {
          const group = items.filter((i) => i.source === source);
          if (group.length === 0) return null;
          const legendId = `suggestions-${source}`;
          return (
            <Box key={source} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" id={legendId} sx={{ mb: 0.5 }}>
                {SOURCE_LABEL[source]}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
                  columnGap: 2,
                }}
              >
                {group.map((s) => {
                  const detail = detailOf(s);
                  return (
                    <FormControlLabel
                      key={s.keyword}
                      sx={{ minWidth: 0, mr: 0, alignItems: 'flex-start' }}
                      control={
                        <Checkbox
                          size="small"
                          checked={selected.has(s.keyword)}
                          onChange={(e) => toggle(s.keyword, e.target.checked)}
                          sx={{ pt: 0.5 }}
                        />
                      }
                      label={
                        <Box sx={{ minWidth: 0, pt: 0.5 }}>
                          <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                            {s.keyword}
                          </Box>
                          {detail ? (
                            <Typography
                              variant="caption"
                              color="text.secondary"
                              component="span"
                              sx={{ display: 'block', overflowWrap: 'anywhere' }}
                            >
                              {detail}
                            </Typography>
                          ) : null}
                        </Box>
                      }
                    />
                  );
                })}
              </Box>
            </Box>
          );
        })}
        <Box>
          <Button
            variant="outlined"
            disabled={chosen.length === 0 || adding}
            onClick={() => {
              void onAdd(chosen).then((ok) => {
                if (ok) setSelected(new Set());
              });
            }}
          >
            {chosen.length === 0 ? 'Add selected' : `Add selected (${keywordCount(chosen.length)})`}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="suggestions-heading"
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography variant="h3" component="h2" id="suggestions-heading" sx={{ mb: 1 }}>
        Suggestions
      </Typography>
      {body}
    </Paper>
  );
}
