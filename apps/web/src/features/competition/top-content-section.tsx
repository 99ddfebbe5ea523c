import type { CompetitionReport } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { dayText, type ChannelActivity, type ReportChannel } from './competition-format.ts';
import { Section } from './section.tsx';

function TopVideos({ videos }: { videos: ChannelActivity['topVideos'] }) {
  if (videos.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No uploads in the period.
      </Typography>
    );
  }
  return (
    <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {videos.map((v) => (
        <Box component="li" key={v.videoId} sx={{ display: 'flex', gap: 1, minWidth: 0 }}>
          <Box
            component={v.thumbnailUrl ? 'img' : 'span'}
            src={v.thumbnailUrl || undefined}
            alt={v.thumbnailUrl ? '' : undefined}
            loading={v.thumbnailUrl ? 'lazy' : undefined}
            sx={{
              width: 80,
              height: 45,
              objectFit: 'cover',
              borderRadius: 1,
              flexShrink: 0,
              bgcolor: 'action.hover',
            }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Link
              href={`https://www.youtube.com/watch?v=${encodeURIComponent(v.videoId)}`}
              target="_blank"
              rel="noopener noreferrer"
              variant="body2"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {v.title}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (opens YouTube in a new tab)
              </Box>
            </Link>
            <Typography variant="caption" color="text.secondary" component="p">
              {v.views === null ? 'Views unknown' : `${formatNumber(v.views)} views`} ·{' '}
              {dayText(v.publishedAt)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function TopTags({ tags, labelId }: { tags: ChannelActivity['topTags']; labelId: string }) {
  if (tags.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No tags on the period&apos;s uploads.
      </Typography>
    );
  }
  return (
    <Box
      component="ul"
      aria-labelledby={labelId}
      sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 0.75 }}
    >
      {tags.map((t) => (
        <li key={t.tag}>
          <Chip
            size="small"
            variant="outlined"
            label={`${t.tag} (${formatNumber(t.videos)})`}
            title={`Used on ${formatNumber(t.videos)} of the period's videos`}
          />
        </li>
      ))}
    </Box>
  );
}

function ChannelContent({
  channel,
  activity,
  index,
}: {
  channel: ReportChannel;
  activity: ChannelActivity | undefined;
  index: number;
}) {
  const headingId = `top-content-${index}`;
  const tagsId = `top-tags-${index}`;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography
        variant="subtitle1"
        component="h3"
        id={headingId}
        sx={{ mb: 1, fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        {channel.title}
        {channel.isOwn ? ' (your channel)' : ''}
      </Typography>
      {!activity ? (
        <Typography variant="body2" color="text.secondary" role="status">
          Its public data is being read for the first time.
        </Typography>
      ) : (
        <>
          {activity.unavailable ? (
            <Alert severity="warning" sx={{ mb: 1 }}>
              We could not read this channel&apos;s public data lately, so what shows may be missing
              or old.
            </Alert>
          ) : null}
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            Top videos
          </Typography>
          <TopVideos videos={activity.topVideos} />
          <Typography variant="subtitle2" component="h4" id={tagsId} sx={{ mt: 1.5, mb: 0.5 }}>
            Most used tags
          </Typography>
          <TopTags tags={activity.topTags} labelId={tagsId} />
        </>
      )}
    </Paper>
  );
}

/** Each channel's most viewed videos of the period and its most used tags, a card per channel. */
export function TopContentSection({ report }: { report: CompetitionReport }) {
  const byId = new Map(report.activity.map((a) => [a.youtubeId, a]));
  return (
    <Section title="Top videos and tags" id="top-content-heading">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The most viewed videos uploaded in the last {report.period.days} days, and the tags used on
        the most of them.
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
        }}
      >
        {report.channels.map((channel, i) => (
          <ChannelContent
            key={channel.youtubeId}
            channel={channel}
            activity={byId.get(channel.youtubeId)}
            index={i}
          />
        ))}
      </Box>
    </Section>
  );
}
