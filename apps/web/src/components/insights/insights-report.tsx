import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { InsightsReport as Report } from '@tubewise/contract';
import { formatDate } from '../../lib/format.ts';
import { CompetitorInsights } from './competitor-insights.tsx';
import { KeywordInsights } from './keyword-insights.tsx';

/**
 * The insights report (keywords, competitors, sources) as the onboarding's owner and the shared
 * page's visitors see it. Headings start at h2: the page around it owns the h1.
 */
export function InsightsReport({ report }: { report: Report }) {
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {report.keywords.length === 1 ? '1 keyword' : `${report.keywords.length} keywords`} and{' '}
        {report.competitors.length === 1
          ? '1 competitor'
          : `${report.competitors.length} competitors`}{' '}
        in {report.localeName}, checked on {formatDate(report.generatedAt)}.
      </Typography>
      <Box component="section" aria-labelledby="insights-keywords" sx={{ mb: 4 }}>
        <Typography id="insights-keywords" variant="h2" component="h2" gutterBottom>
          Keywords
        </Typography>
        {report.keywords.map((keyword) => (
          <KeywordInsights
            key={keyword.keyword}
            keyword={keyword}
            competitors={report.competitors}
          />
        ))}
      </Box>
      <Box component="section" aria-labelledby="insights-competitors" sx={{ mb: 4 }}>
        <Typography id="insights-competitors" variant="h2" component="h2" gutterBottom>
          Competitors
        </Typography>
        {report.competitors.map((competitor) => (
          <CompetitorInsights key={competitor.youtubeId} competitor={competitor} />
        ))}
      </Box>
      <Box component="section" aria-labelledby="insights-sources">
        <Typography id="insights-sources" variant="h2" component="h2" gutterBottom>
          Sources
        </Typography>
        <Typography>Keyword figures: {report.sources.keywordData}.</Typography>
        <Typography>Search results and channels: {report.sources.results}.</Typography>
      </Box>
    </Box>
  );
}
