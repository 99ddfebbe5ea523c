import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CompetitionGap } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { optimizeForKeywordHref } from '../../config/paths.ts';
import { discoverIdeasHref } from './competition-links.ts';
import { formatNumber } from '../../lib/format.ts';
import { countText } from './competition-format.ts';
import { ScrollTable } from './scroll-table.tsx';
import { EmptyState, Section } from './section.tsx';

/** Gaps shown before "Show all". */
export const GAPS_SHOWN = 20;

/** A gap's identity (a keyword in one language). */
export const gapKey = (gap: { keyword: string; language: string }) =>
  `${gap.language}\n${gap.keyword}`;

function GapActions({
  gap,
  tracked,
  tracking,
  onTrack,
}: {
  gap: CompetitionGap;
  tracked: boolean;
  tracking: boolean;
  onTrack: () => void;
}) {
  const about = `for “${gap.keyword}”`;
  const video = gap.videoToOptimise;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {tracked ? (
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center', px: 1 }}>
            Tracked
          </Typography>
        ) : (
          <Button
            size="small"
            variant="outlined"
            disabled={tracking}
            onClick={onTrack}
            aria-label={`${tracking ? 'Tracking' : 'Track'} “${gap.keyword}”`}
          >
            {tracking ? 'Tracking…' : 'Track'}
          </Button>
        )}
        <Button
          size="small"
          component={RouterLink}
          to={discoverIdeasHref(gap.keyword, gap.language)}
          aria-label={`Find an idea ${about}`}
        >
          Find an idea
        </Button>
        {video ? (
          <Button
            size="small"
            component={RouterLink}
            to={optimizeForKeywordHref(video.youtubeId, gap.keyword)}
            aria-label={`Optimise a video ${about}`}
          >
            Optimise a video
          </Button>
        ) : null}
      </Stack>
      {video ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Best fitting video: {video.title}
        </Typography>
      ) : null}
    </Stack>
  );
}

/**
 * The gap list: keywords where a competitor ranks in the top results and the channel does not,
 * with the competitors there and three ways to act on each (track it, find a video idea from it,
 * optimise the channel's best fitting video for it).
 */
export function GapsSection({
  gaps,
  countedKeywords,
  depth,
  nameOf,
  tracked,
  tracking,
  onTrack,
}: {
  gaps: readonly CompetitionGap[];
  /** Keywords with results counted (none: nothing to compare yet). */
  countedKeywords: number;
  depth: number;
  nameOf: (youtubeId: string) => string;
  /** Keys (gapKey) of gaps tracked from this page since it loaded. */
  tracked: ReadonlySet<string>;
  /** The key of the gap being tracked, while its call runs. */
  tracking: string | null;
  onTrack: (gap: CompetitionGap) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const title = 'Keyword gaps';
  if (gaps.length === 0) {
    return (
      <Section title={title} id="gaps-heading">
        <EmptyState title={countedKeywords === 0 ? 'Nothing to compare yet' : 'No gaps found'}>
          {countedKeywords === 0
            ? 'Gaps show once the search results of your tracked keywords are checked.'
            : `Wherever a competitor ranks in the top ${depth} of the results counted, your channel ranks too.`}
        </EmptyState>
      </Section>
    );
  }
  const sorted = [...gaps].sort((a, b) => (b.volume ?? -1) - (a.volume ?? -1));
  const shown = showAll ? sorted : sorted.slice(0, GAPS_SHOWN);
  return (
    <Section
      title={title}
      id="gaps-heading"
      actions={
        <Typography variant="body2" color="text.secondary">
          {countText(gaps.length, 'keyword')}
        </Typography>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Keywords where a competitor ranks in the top {depth} and your channel does not, most
        searched first.
      </Typography>
      <ScrollTable label="Keyword gaps table" minWidth={680}>
        <Table size="small" aria-labelledby="gaps-heading">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Keyword</TableCell>
              <TableCell scope="col" align="right">
                Monthly volume
              </TableCell>
              <TableCell scope="col">Competitors ranking</TableCell>
              <TableCell scope="col">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((gap) => {
              const key = gapKey(gap);
              return (
                <TableRow key={key}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {gap.keyword}
                  </TableCell>
                  <TableCell align="right">
                    {gap.volume === null ? 'Unknown' : formatNumber(gap.volume)}
                  </TableCell>
                  <TableCell>
                    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                      {gap.competitors.map((c) => (
                        <Typography component="li" variant="body2" key={c.youtubeId}>
                          {nameOf(c.youtubeId)}: #{c.position}
                        </Typography>
                      ))}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <GapActions
                      gap={gap}
                      tracked={gap.tracked || tracked.has(key)}
                      tracking={tracking === key}
                      onTrack={() => onTrack(gap)}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollTable>
      {gaps.length > GAPS_SHOWN ? (
        <Button onClick={() => setShowAll((v) => !v)} sx={{ mt: 1 }} aria-expanded={showAll}>
          {showAll ? `Show the first ${GAPS_SHOWN}` : `Show all ${formatNumber(gaps.length)}`}
        </Button>
      ) : null}
    </Section>
  );
}
