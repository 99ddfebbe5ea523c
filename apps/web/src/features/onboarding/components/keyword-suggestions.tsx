import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useKeywordSuggestions } from '../api/keyword-suggestions.ts';
import { SUGGESTIONS_FAILED_TEXT } from '../onboarding-texts.ts';

/**
 * Keywords found in the competitors' videos, each added with one click; loading, failed (the
 * visitor can still type their own) and none found are said in words.
 */
export function KeywordSuggestions({
  onboardingId,
  competitorIds,
  chosen,
  full,
  onAdd,
}: {
  onboardingId: string;
  competitorIds: string[];
  chosen: string[];
  full: boolean;
  onAdd: (keyword: string) => void;
}) {
  const suggestions = useKeywordSuggestions(onboardingId, competitorIds);
  const taken = new Set(chosen.map((k) => k.toLowerCase()));
  const open = (suggestions.data?.suggestions ?? []).filter(
    (s) => !taken.has(s.keyword.toLowerCase()),
  );

  let body;
  if (suggestions.isPending) {
    body = (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden />
        <Typography>Looking for keywords in your competitors&apos; videos…</Typography>
      </Box>
    );
  } else if (suggestions.isError) {
    body = (
      <Typography role="status" color="text.secondary">
        {SUGGESTIONS_FAILED_TEXT} You can still type your own.
      </Typography>
    );
  } else if (open.length === 0) {
    body = (
      <Typography color="text.secondary">
        No more suggestions from your competitors&apos; videos.
      </Typography>
    );
  } else {
    body = (
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {open.map((s) => (
          <li key={s.keyword}>
            <Button
              variant="outlined"
              size="small"
              startIcon={<AddIcon aria-hidden />}
              disabled={full}
              aria-label={`Add ${s.keyword}`}
              title={`Used in ${s.videos} ${s.videos === 1 ? 'video' : 'videos'} by ${s.competitors} ${s.competitors === 1 ? 'competitor' : 'competitors'}`}
              onClick={() => onAdd(s.keyword)}
              sx={{ textTransform: 'none' }}
            >
              {s.keyword}
            </Button>
          </li>
        ))}
      </Box>
    );
  }

  return (
    <Box component="section" aria-labelledby="keyword-suggestions" sx={{ mt: 3 }}>
      <Typography id="keyword-suggestions" variant="h3" component="h3" gutterBottom>
        Suggestions from your competitors
      </Typography>
      {body}
    </Box>
  );
}
