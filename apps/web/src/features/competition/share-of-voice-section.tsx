import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CompetitionReport } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { paths } from '../../config/paths.ts';
import { formatNumber } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { shareChartHeight } from './chart-sizes.ts';
import { countText, dayText, shareText, type ReportChannel } from './competition-format.ts';
import { ScrollTable } from './scroll-table.tsx';
import { EmptyState, Section } from './section.tsx';

const ShareOfVoiceChart = lazy(() => import('./share-of-voice-chart.tsx'));

/** The empty state's title without tracked keywords. */
export const NO_TRACKED_KEYWORDS_TITLE = 'No tracked keywords yet';

/** Longest channel name on the chart's axis; the table has the full names. */
const AXIS_LABEL_MAX = 18;

const axisLabel = (title: string) =>
  title.length > AXIS_LABEL_MAX ? `${title.slice(0, AXIS_LABEL_MAX - 1)}…` : title;

function KeywordsLink({ children }: { children: string }) {
  return (
    <Link component={RouterLink} to={paths.reportingKeywords}>
      {children}
    </Link>
  );
}

/** How share of voice is computed and what was counted, in words. */
function Method({ sov }: { sov: CompetitionReport['shareOfVoice'] }) {
  return (
    <Box component="ul" aria-label="How share of voice is computed" sx={{ m: 0, mb: 2, pl: 2.5 }}>
      <Typography component="li" variant="body2">
        Of all the top-{sov.depth} places in the search results of your tracked keywords, the share
        each channel holds, each keyword weighted by its monthly search volume: the sum of volume ×
        places held, divided by the sum of volume × the places checked ({sov.depth}, or fewer where
        a check read fewer results).
        {sov.equalWeights ? ' No counted keyword has a known volume, so each counts the same.' : ''}
      </Typography>
      <Typography component="li" variant="body2">
        Counted: {formatNumber(sov.keywords)} of {countText(sov.trackedKeywords, 'tracked keyword')}
        {sov.keywords < sov.trackedKeywords
          ? ' (the others have no results stored yet, or no known volume while others have one)'
          : ''}
        {sov.day ? `, from the results of ${dayText(sov.day)}` : ''}.
      </Typography>
    </Box>
  );
}

/**
 * Share of voice on the channel's tracked keywords: a bar per channel, the table of its figures
 * (the chart's text alternative) and the method; empty states without tracked keywords or results.
 */
export function ShareOfVoiceSection({
  sov,
  channels,
}: {
  sov: CompetitionReport['shareOfVoice'];
  channels: readonly ReportChannel[];
}) {
  const title = 'Share of voice';
  if (sov.trackedKeywords === 0) {
    return (
      <Section title={title} id="sov-heading">
        <EmptyState title={NO_TRACKED_KEYWORDS_TITLE}>
          Share of voice is measured on the keywords you track.{' '}
          <KeywordsLink>Track keywords</KeywordsLink> to compare your channel on them.
        </EmptyState>
      </Section>
    );
  }
  if (sov.keywords === 0 || sov.day === null) {
    return (
      <Section title={title} id="sov-heading">
        <EmptyState title="No search results to count yet">
          Your {countText(sov.trackedKeywords, 'tracked keyword')} have no stored search results
          yet: their ranks are checked every day. See them on the{' '}
          <KeywordsLink>Keywords page</KeywordsLink>.
        </EmptyState>
      </Section>
    );
  }

  const byId = new Map(sov.entries.map((e) => [e.youtubeId, e]));
  const rows = channels
    .map((channel) => ({
      channel,
      entry: byId.get(channel.youtubeId) ?? { share: 0, positions: 0, keywords: 0 },
    }))
    .sort((a, b) => b.entry.share - a.entry.share);

  return (
    <Section title={title} id="sov-heading">
      <Method sov={sov} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Box sx={{ height: shareChartHeight(rows.length), minWidth: 0 }} aria-hidden>
          <Suspense
            fallback={<Skeleton variant="rounded" height={shareChartHeight(rows.length)} />}
          >
            <ShareOfVoiceChart
              bars={rows.map((r) => ({
                label: axisLabel(r.channel.title),
                share: r.entry.share,
              }))}
            />
          </Suspense>
        </Box>
        <ScrollTable label="Share of voice of each channel" minWidth={420}>
          <Table size="small">
            <Box component="caption" sx={visuallyHidden}>
              Share of voice of each channel on your tracked keywords, largest first
            </Box>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Channel</TableCell>
                <TableCell scope="col" align="right">
                  Share of voice
                </TableCell>
                <TableCell scope="col" align="right">
                  Top-{sov.depth} places
                </TableCell>
                <TableCell scope="col" align="right">
                  Keywords ranked
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ channel, entry }) => (
                <TableRow key={channel.youtubeId} selected={channel.isOwn}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {channel.title}
                    {channel.isOwn ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        (your channel)
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right">{shareText(entry.share)}</TableCell>
                  <TableCell align="right">{formatNumber(entry.positions)}</TableCell>
                  <TableCell align="right">
                    {formatNumber(entry.keywords)} of {formatNumber(sov.keywords)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollTable>
      </Box>
    </Section>
  );
}
