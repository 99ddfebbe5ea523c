import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { RankingItem, Rankings } from '@tubewise/contract';
import { rankBuckets } from '@tubewise/contract/reporting-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/page-heading.tsx';
import { failureNoticeOptions } from '../../components/plan-error.tsx';
import { optimizationVideoHref, paths } from '../../config/paths.ts';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { formatNumber } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { planErrorText } from '../../lib/plan-errors.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { useRankings, useRunRankChecks } from './api/rankings.ts';
import { DISTRIBUTION_CHART_HEIGHT } from './chart-sizes.ts';
import { KeywordDetail } from './keyword-detail.tsx';
import { exportRankingsCsv } from './rankings-csv.ts';
import {
  averageChangeText,
  BUCKET_LABELS,
  changeText,
  changeWords,
  dayText,
  rankText,
  sparkWords,
  volumeText,
} from './rankings-format.ts';
import {
  DEFAULT_ORDER,
  RANKINGS_PAGE_SIZE,
  type RankBucket,
  type RankingSort,
} from './rankings-params.ts';
import { Sparkline } from './sparkline.tsx';
import { useRankingsParams } from './use-rankings-params.ts';

const DistributionChart = lazy(() => import('./distribution-chart.tsx'));

/** The empty state's title when the channel tracks no keyword. */
export const NO_KEYWORDS_TITLE = 'No keywords tracked yet';

function StatePanel({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" role="status" sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Typography variant="h3" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Tile({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} role="group" aria-label={label}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 0.5 }}>
        {value}
      </Typography>
      {detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
    </Paper>
  );
}

function Summary({ data }: { data: Rankings }) {
  const checked =
    data.distribution.top3 +
    data.distribution.top10 +
    data.distribution.top20 +
    data.distribution.noRank;
  return (
    <Stack spacing={2} component="section" aria-labelledby="summary-heading">
      <Typography variant="h2" id="summary-heading" sx={visuallyHidden}>
        Summary
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 1.5,
        }}
      >
        <Tile
          label="Keywords tracked"
          value={formatNumber(data.tracked)}
          detail={`${formatNumber(checked)} checked`}
        />
        <Tile
          label="Average rank"
          value={data.avg === null ? '–' : `#${data.avg}`}
          detail="of the keywords that rank"
        />
        <Tile
          label="Change in 7 days"
          value={averageChangeText(data.change.days7)}
          detail="positions per keyword"
        />
        <Tile
          label="Change in 30 days"
          value={averageChangeText(data.change.days30)}
          detail="positions per keyword"
        />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          gap: 1.5,
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            Distribution
          </Typography>
          <Box component="figure" sx={{ m: 0 }}>
            <Box sx={{ height: DISTRIBUTION_CHART_HEIGHT }} aria-hidden>
              <Suspense
                fallback={<Skeleton variant="rounded" height={DISTRIBUTION_CHART_HEIGHT} />}
              >
                <DistributionChart distribution={data.distribution} />
              </Suspense>
            </Box>
            <Typography component="figcaption" variant="body2" color="text.secondary">
              {rankBuckets
                .map((b) => `${BUCKET_LABELS[b]}: ${formatNumber(data.distribution[b])}`)
                .join(' · ')}
            </Typography>
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            Top keywords
          </Typography>
          {data.topKeywords.length === 0 ? (
            <Typography color="text.secondary">No keyword ranks yet.</Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
              {data.topKeywords.map((k) => (
                <Typography component="li" key={k.id} sx={{ overflowWrap: 'anywhere' }}>
                  {k.keyword}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    (#{k.rank}, {volumeText(k.volume)} searches a month)
                  </Typography>
                </Typography>
              ))}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            Best rank weighted by monthly searches.
          </Typography>
        </Paper>
      </Box>
    </Stack>
  );
}

function SortHeader({
  field,
  label,
  align,
}: {
  field: RankingSort;
  label: string;
  align?: 'right';
}) {
  const { state, change } = useRankingsParams();
  const active = state.sort === field;
  return (
    <TableCell
      scope="col"
      align={align}
      sortDirection={active ? state.order : false}
      sx={{ whiteSpace: 'nowrap' }}
    >
      <TableSortLabel
        active={active}
        direction={active ? state.order : DEFAULT_ORDER[field]}
        onClick={() =>
          change({
            sort: field,
            order: active ? (state.order === 'asc' ? 'desc' : 'asc') : DEFAULT_ORDER[field],
          })
        }
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

function ChangeCell({ change }: { change: number | null }) {
  return (
    <TableCell
      align="right"
      sx={{
        color:
          change === null || change === 0
            ? 'text.secondary'
            : change > 0
              ? 'success.dark'
              : 'error.dark',
        fontWeight: 500,
        whiteSpace: 'nowrap',
      }}
    >
      <span aria-hidden>{changeText(change)}</span>
      <Box component="span" sx={visuallyHidden}>
        {changeWords(change, 7)}
      </Box>
    </TableCell>
  );
}

function RankingsTable({ data, onOpen }: { data: Rankings; onOpen: (item: RankingItem) => void }) {
  const { state, change } = useRankingsParams();
  const pages = Math.max(1, Math.ceil(data.items.length / RANKINGS_PAGE_SIZE));
  const page = Math.min(state.page, pages);
  const rows = data.items.slice((page - 1) * RANKINGS_PAGE_SIZE, page * RANKINGS_PAGE_SIZE);
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Keyword rankings">
          <TableHead>
            <TableRow>
              <TableCell scope="col">Keyword</TableCell>
              <SortHeader field="value" label="Searches / month" align="right" />
              <SortHeader field="rank" label="Rank" align="right" />
              <SortHeader field="change" label="Change (7 days)" align="right" />
              <TableCell scope="col">Ranking video</TableCell>
              <TableCell scope="col">30 days</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    No keyword matches these filters.
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => onOpen(item)}
                      sx={{ textAlign: 'left' }}
                    >
                      {item.keyword}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                      {item.language}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{volumeText(item.volume)}</TableCell>
                  <TableCell
                    align="right"
                    sx={{ whiteSpace: 'nowrap' }}
                    title={item.day ? `Checked ${dayText(item.day)}` : undefined}
                  >
                    {rankText(item.rank, item.day, data.depth)}
                  </TableCell>
                  <ChangeCell change={item.change7} />
                  <TableCell sx={{ minWidth: 200 }}>
                    {item.video ? (
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        {item.video.thumbnailUrl ? (
                          <Box
                            component="img"
                            src={item.video.thumbnailUrl}
                            alt=""
                            loading="lazy"
                            sx={{
                              width: 64,
                              height: 36,
                              objectFit: 'cover',
                              borderRadius: 0.5,
                              flex: 'none',
                            }}
                          />
                        ) : null}
                        <Link
                          component={RouterLink}
                          to={optimizationVideoHref(item.video.id)}
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          {item.video.title}
                        </Link>
                      </Stack>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        {item.videoId ? item.videoId : '–'}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ color: 'primary.main' }}>
                    <Sparkline
                      values={item.spark}
                      depth={data.depth}
                      label={sparkWords(item, data.depth)}
                    />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={data.items.length}
        page={page - 1}
        rowsPerPage={RANKINGS_PAGE_SIZE}
        rowsPerPageOptions={[RANKINGS_PAGE_SIZE]}
        onPageChange={(_, next) => change({ page: next + 1 })}
      />
    </Paper>
  );
}

function Filters() {
  const { state, change } = useRankingsParams();
  const [search, setSearch] = useState(state.search);
  // Follow the address (back/forward) unless the person is typing something else.
  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => change({ search }, { replace: true }), 250);
    return () => clearTimeout(timer);
  }, [search, state.search, change]);
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ alignItems: { md: 'center' } }}
    >
      <ToggleButtonGroup
        value={state.bucket ?? 'all'}
        exclusive
        size="small"
        aria-label="Rank bucket"
        onChange={(_, value: RankBucket | 'all' | null) => {
          if (value !== null) change({ bucket: value === 'all' ? null : value });
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        <ToggleButton value="all">All</ToggleButton>
        {rankBuckets.map((b) => (
          <ToggleButton key={b} value={b}>
            {BUCKET_LABELS[b]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        size="small"
        type="search"
        label="Search keywords"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 80 } }}
      />
    </Stack>
  );
}

function DataState({ data }: { data: Rankings }) {
  if (data.state === 'updating') {
    return (
      <Alert severity="info" role="status">
        Today&apos;s checks are still running: each keyword shows its latest rank
        {data.day ? ` (up to ${dayText(data.day)})` : ''}, and this page updates by itself.
      </Alert>
    );
  }
  if (data.state === 'partialError') {
    return (
      <Alert severity="warning" role="status">
        Some of today&apos;s checks failed after several tries: those keywords show their last known
        rank and will be checked again tomorrow.
      </Alert>
    );
  }
  return null;
}

/** The keyword rankings page (/reporting/rankings) of the active channel. */
export function RankingsPage() {
  const { activeChannel, isLoading: channelsLoading } = useActiveChannel();
  const channelId = activeChannel?.id;
  const { state, change } = useRankingsParams();
  const query = useRankings(channelId, {
    sort: state.sort,
    order: state.order,
    bucket: state.bucket ?? undefined,
    search: state.search || undefined,
  });
  const run = useRunRankChecks(channelId);
  const data = query.data;

  const checkNow = () =>
    run.mutate(undefined, {
      onSuccess: (result) =>
        notify(
          result.state === 'updating'
            ? `Checks started: ${formatNumber(result.done)} of ${formatNumber(result.total)} done, the rest follow shortly.`
            : result.state === 'partialError'
              ? `${formatNumber(result.failed)} of ${formatNumber(result.total)} checks failed; they are retried later.`
              : `Today's ranks are in: ${formatNumber(result.total)} keyword${result.total === 1 ? '' : 's'} checked.`,
          { variant: result.state === 'partialError' ? 'warning' : 'success' },
        ),
      onError: (err) =>
        notify(
          planErrorText(err) ?? 'The checks could not be run. Try again in a moment.',
          failureNoticeOptions(err, 'rank-checks-failed'),
        ),
    });

  const actions = (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        variant="contained"
        onClick={checkNow}
        disabled={!channelId || run.isPending || data?.tracked === 0}
      >
        {run.isPending ? 'Checking…' : 'Check now'}
      </Button>
      <Button
        variant="outlined"
        disabled={!data || data.items.length === 0}
        onClick={() => data && exportRankingsCsv(data.items, activeChannel?.name ?? 'channel')}
      >
        Export CSV
      </Button>
      <Button component={RouterLink} to={paths.reportingKeywords}>
        Manage keywords
      </Button>
    </Stack>
  );

  let body: ReactNode;
  if (channelsLoading || (query.isPending && query.fetchStatus !== 'idle')) {
    body = (
      <Stack spacing={2} aria-busy="true" aria-label="Loading rankings">
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={320} />
      </Stack>
    );
  } else if (query.isError && !data) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        The rankings could not be loaded.
      </Alert>
    );
  } else if (!data || data.tracked === 0) {
    body = (
      <StatePanel title={NO_KEYWORDS_TITLE}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Add the keywords you want your videos to be found for; their ranks are checked every day.
        </Typography>
        <Button variant="contained" component={RouterLink} to={paths.reportingKeywords}>
          Add keywords
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <DataState data={data} />
        {data.day === null ? (
          <Alert severity="info" role="status">
            Your keywords have not been checked yet: press Check now, or wait for today&apos;s
            scheduled checks.
          </Alert>
        ) : null}
        <Summary data={data} />
        <Box component="section" aria-labelledby="table-heading">
          <Typography variant="h2" id="table-heading" sx={{ mb: 1 }}>
            Keywords
          </Typography>
          <Stack spacing={1.5}>
            <Filters />
            <RankingsTable data={data} onOpen={(item) => change({ keyword: item.id })} />
          </Stack>
        </Box>
      </Stack>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Keyword rankings">
        Where your videos rank on YouTube for the keywords you track
        {data?.day ? `; latest check ${dayText(data.day)}` : ''}.
      </PageHeading>
      <Box sx={{ mb: 2 }}>{actions}</Box>
      {run.isPending || (query.isFetching && data) ? (
        <LinearProgress aria-label="Updating rankings" sx={{ mb: 1 }} />
      ) : null}
      {body}
      {channelId && state.keyword ? (
        <KeywordDetail
          channelId={channelId}
          keywordId={state.keyword}
          item={data?.items.find((i) => i.id === state.keyword)}
          onClose={() => change({ keyword: null })}
        />
      ) : null}
    </Box>
  );
}
