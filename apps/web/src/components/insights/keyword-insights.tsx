import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { InsightsReport } from '@tubewise/contract';
import {
  formatCompetition,
  formatOpportunity,
  formatRank,
  formatVolume,
} from './insights-format.ts';
import { KeywordResultsTable } from './keyword-results-table.tsx';

type Keyword = InsightsReport['keywords'][number];
type Competitor = InsightsReport['competitors'][number];

/** One figure of a keyword: its name over its value. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ minWidth: 120 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One keyword of the report: volume, competition and opportunity, where each competitor ranks,
 * and the top results.
 */
export function KeywordInsights({
  keyword,
  competitors,
}: {
  keyword: Keyword;
  competitors: Competitor[];
}) {
  const titleOf = new Map(competitors.map((c) => [c.youtubeId, c.title]));
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography variant="h3" component="h3" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
        {keyword.keyword}
      </Typography>
      <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, m: 0, mb: 2 }}>
        <Figure label="Search volume" value={formatVolume(keyword.volume)} />
        <Figure label="Competition" value={formatCompetition(keyword.competition)} />
        <Figure label="Opportunity" value={formatOpportunity(keyword.opportunity)} />
      </Box>
      {keyword.checkedAt === null ? (
        <Typography color="text.secondary">
          We could not read the search results for this keyword.
        </Typography>
      ) : (
        <>
          <Typography variant="h4" component="h4" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            Where your competitors rank
          </Typography>
          <Box component="ul" sx={{ pl: 3, mt: 0.5, mb: 2 }}>
            {keyword.competitorRanks.map((rank) => (
              <li key={rank.youtubeId}>
                {titleOf.get(rank.youtubeId) ?? rank.youtubeId}:{' '}
                <strong>{formatRank(rank.position, keyword.depth)}</strong>
              </li>
            ))}
          </Box>
          <Typography variant="h4" component="h4" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            Top results
          </Typography>
          {keyword.topResults.length === 0 ? (
            <Typography color="text.secondary">No results for this keyword.</Typography>
          ) : (
            <KeywordResultsTable keyword={keyword} />
          )}
        </>
      )}
    </Paper>
  );
}
