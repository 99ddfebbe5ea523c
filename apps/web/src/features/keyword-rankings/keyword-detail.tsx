import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import type { KeywordRanking, RankingItem } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { optimizeForKeywordHref } from '../../config/paths.ts';
import { isApiError } from '../../lib/api-error.ts';
import { formatCompactNumber, formatDateTime } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { useKeywordRanking } from './api/rankings.ts';
import { HISTORY_CHART_HEIGHT } from './chart-sizes.ts';
import { changeText, changeWords, dayText, rankText } from './rankings-format.ts';

const HistoryChart = lazy(() => import('./history-chart.tsx'));

/** The history chart's description: how the rank went over the days shown. */
function historyCaption(history: KeywordRanking['history'], depth: number): string {
  const first = history[0];
  const last = history.at(-1);
  if (!first || !last) return 'No checks in the last 90 days.';
  const words = (p: number | null) => (p === null ? `not in the top ${depth}` : `#${p}`);
  const ranked = history.filter((h) => h.position !== null);
  const best = ranked.reduce<(typeof history)[number] | null>(
    (b, h) => (b === null || h.position! < b.position! ? h : b),
    null,
  );
  return (
    `${history.length} check${history.length === 1 ? '' : 's'} from ${dayText(first.day)} to ` +
    `${dayText(last.day)}: ${words(first.position)} then, ${words(last.position)} now` +
    (best ? `; best #${best.position} on ${dayText(best.day)}.` : '.')
  );
}

function Results({ data }: { data: KeywordRanking }) {
  const serp = data.serp;
  if (!serp) {
    return (
      <Typography color="text.secondary">
        Not checked yet: press Check now on the rankings page to see YouTube&apos;s results.
      </Typography>
    );
  }
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        YouTube&apos;s results on {dayText(serp.day)} (read {formatDateTime(serp.checkedAt)} by{' '}
        {serp.source}; {formatCompactNumber(serp.totalResults)} results in all). Your videos are
        highlighted.
      </Typography>
      {serp.results.length === 0 ? (
        <Typography>YouTube showed no videos for this keyword.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Latest search results">
            <TableHead>
              <TableRow>
                <TableCell scope="col" align="right">
                  #
                </TableCell>
                <TableCell scope="col">Video</TableCell>
                <TableCell scope="col">Channel</TableCell>
                <TableCell scope="col" align="right">
                  Views
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {serp.results.map((r) => (
                <TableRow
                  key={r.videoId}
                  selected={r.own}
                  data-own={r.own ? 'true' : undefined}
                  sx={r.own ? { '& td, & th': { fontWeight: 600 } } : undefined}
                >
                  <TableCell align="right">{r.position}</TableCell>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {r.title}
                    {r.own ? (
                      <Chip size="small" color="primary" label="Your video" sx={{ ml: 1 }} />
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.channelName}</TableCell>
                  <TableCell align="right">
                    {r.views === null ? '–' : formatCompactNumber(r.views)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </>
  );
}

/** One keyword's details in a dialog: rank history, the latest results, and what to optimise. */
export function KeywordDetail({
  channelId,
  keywordId,
  item,
  onClose,
}: {
  channelId: string;
  keywordId: string;
  /** The row from the table, shown at once while the details load. */
  item: RankingItem | undefined;
  onClose: () => void;
}) {
  const query = useKeywordRanking(channelId, keywordId);
  const data = query.data;
  const shown = data?.item ?? item;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="keyword-detail-title">
      <DialogTitle id="keyword-detail-title" sx={{ overflowWrap: 'anywhere' }}>
        {shown ? `“${shown.keyword}”` : 'Keyword'}
      </DialogTitle>
      <DialogContent dividers>
        {query.isError && isApiError(query.error, 404) ? (
          <Alert severity="info">
            This keyword is no longer tracked for the channel: it may have been deleted on the
            Keywords page.
          </Alert>
        ) : query.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Retry
              </Button>
            }
          >
            This keyword could not be loaded.
          </Alert>
        ) : null}
        {query.isError ? null : (
          <>
            {shown && data ? (
              <Typography sx={{ mb: 2 }}>
                Rank {rankText(shown.rank, shown.day, data.depth)}
                {shown.day ? ` on ${dayText(shown.day)}` : ''} ·{' '}
                <span aria-hidden>{changeText(shown.change7)} in 7 days</span>
                <Box component="span" sx={visuallyHidden}>
                  {changeWords(shown.change7, 7)}
                </Box>
              </Typography>
            ) : null}
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              Rank over 90 days
            </Typography>
            {data ? (
              data.history.length > 0 ? (
                <Box component="figure" sx={{ m: 0, mb: 3 }}>
                  <Box sx={{ height: HISTORY_CHART_HEIGHT }} aria-hidden>
                    <Suspense
                      fallback={<Skeleton variant="rounded" height={HISTORY_CHART_HEIGHT} />}
                    >
                      <HistoryChart history={data.history} depth={data.depth} />
                    </Suspense>
                  </Box>
                  <Typography component="figcaption" variant="body2" color="text.secondary">
                    {historyCaption(data.history, data.depth)}
                  </Typography>
                </Box>
              ) : (
                <Typography color="text.secondary" sx={{ mb: 3 }}>
                  No checks in the last 90 days.
                </Typography>
              )
            ) : (
              <Skeleton variant="rounded" height={HISTORY_CHART_HEIGHT} sx={{ mb: 3 }} />
            )}
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              Latest results
            </Typography>
            {data ? <Results data={data} /> : <Skeleton variant="rounded" height={160} />}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {data?.optimise && shown ? (
          <Button
            variant="contained"
            component={RouterLink}
            to={optimizeForKeywordHref(data.optimise.id, shown.keyword)}
            title={
              data.optimise.ranking
                ? `Opens “${data.optimise.title}”, the video that ranks, with this search term`
                : `Opens “${data.optimise.title}”, your video closest to this keyword, with this search term`
            }
          >
            Optimise for this keyword
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
