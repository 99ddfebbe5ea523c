import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { InsightsReport } from '@tubewise/contract';
import { formatCompactNumber, formatDate } from '../../lib/format.ts';
import { formatViews } from './insights-format.ts';

type Competitor = InsightsReport['competitors'][number];

/** "12.3K subscribers · 240 videos", from the figures the platform gave. */
function channelFigures(competitor: Competitor): string {
  const parts: string[] = [];
  if (competitor.subscriberCount !== null) {
    parts.push(`${formatCompactNumber(competitor.subscriberCount)} subscribers`);
  }
  if (competitor.videoCount !== null) {
    parts.push(`${formatCompactNumber(competitor.videoCount)} videos`);
  }
  return parts.join(' · ');
}

/** One competitor of the report: its figures and best videos. */
export function CompetitorInsights({ competitor }: { competitor: Competitor }) {
  const figures = channelFigures(competitor);
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1 }}>
        {competitor.thumbnailUrl ? (
          <Box
            component="img"
            src={competitor.thumbnailUrl}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            sx={{ borderRadius: '50%', flexShrink: 0 }}
          />
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
            {competitor.title}
          </Typography>
          {figures ? <Typography color="text.secondary">{figures}</Typography> : null}
        </Box>
      </Box>
      {competitor.unavailable ? (
        <Typography color="text.secondary">We could not read this channel on YouTube.</Typography>
      ) : competitor.bestVideos.length === 0 ? (
        <Typography color="text.secondary">No videos found for this channel.</Typography>
      ) : (
        <>
          <Typography variant="h4" component="h4" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            Best videos
          </Typography>
          <Box component="ol" sx={{ pl: 3, mt: 0.5, mb: 0, '& li': { mb: 0.5 } }}>
            {competitor.bestVideos.map((video) => (
              <li key={video.videoId}>
                <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {video.title}
                </Box>{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({formatViews(video.views)}
                  {video.publishedAt ? `, ${formatDate(video.publishedAt)}` : ''})
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
