import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { KeywordMove, RankingsMovement } from '@tubewise/contract';
import { type MovementPeriod } from '@tubewise/contract/constants';
import { MOVEMENT_PERIODS } from '@tubewise/contract/reporting-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/page-heading.tsx';
import { paths } from '../../config/paths.ts';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { formatNumber } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { useMovement } from './api/get-movement.ts';
import {
  changeText,
  dayText,
  percentText,
  periodLabel,
  periodOf,
  pointsText,
  rankText,
} from './movement-format.ts';
import { VISIBILITY_CHART_HEIGHT } from './visibility-chart-size.ts';

const VisibilityChart = lazy(() => import('./visibility-chart.tsx'));

/** The empty state's title (no ranks yet for the channel). */
export const NO_RANKS_TITLE = 'No ranks yet';

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

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="h3" component="h2" id={id} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
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

function PeriodSwitch({
  days,
  onChange,
}: {
  days: MovementPeriod;
  onChange: (days: MovementPeriod) => void;
}) {
  return (
    <ToggleButtonGroup
      value={days}
      exclusive
      size="small"
      aria-label="Period"
      onChange={(_, value: MovementPeriod | null) => {
        if (value !== null) onChange(value);
      }}
    >
      {MOVEMENT_PERIODS.map((d) => (
        <ToggleButton key={d} value={d}>
          {periodLabel(d)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function Summary({ data }: { data: RankingsMovement }) {
  const first = data.visibility[0];
  const last = data.visibility.at(-1);
  const share = data.top20Share;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: 1.5,
      }}
    >
      <Tile
        label="Visibility"
        value={last ? percentText(last.score) : '–'}
        detail={
          first && last && first.day !== last.day
            ? `${pointsText(last.score - first.score)} since ${dayText(first.day)}`
            : undefined
        }
      />
      <Tile
        label="Share of the top 20"
        value={share ? percentText(share.share) : '–'}
        detail={
          share
            ? `${formatNumber(share.own)} of ${formatNumber(share.slots)} results`
            : 'No results stored for the last day'
        }
      />
      <Tile
        label="Keywords ranked"
        value={last ? formatNumber(last.ranked) : '–'}
        detail={
          last
            ? `of ${formatNumber(last.checked)} checked, ${formatNumber(data.tracked)} tracked`
            : `${formatNumber(data.tracked)} tracked`
        }
      />
      <Tile
        label="Top 10 entered / left"
        value={`${formatNumber(data.enteredTop10.length)} / ${formatNumber(data.leftTop10.length)}`}
        detail={`over ${periodLabel(data.days as MovementPeriod)}`}
      />
    </Box>
  );
}

function VisibilitySection({ data }: { data: RankingsMovement }) {
  const first = data.visibility[0];
  const last = data.visibility.at(-1);
  if (!first || !last) return null;
  const best = data.visibility.reduce((a, b) => (b.score > a.score ? b : a));
  return (
    <Section title="Visibility over time" id="visibility-heading">
      <Box component="figure" sx={{ m: 0 }}>
        {/* The legend sits above the drawing: the box grows with it instead of cutting the axis. */}
        <Box sx={{ minHeight: VISIBILITY_CHART_HEIGHT }} aria-hidden>
          <Suspense fallback={<Skeleton variant="rounded" height={VISIBILITY_CHART_HEIGHT} />}>
            <VisibilityChart visibility={data.visibility} share={data.top20ShareHistory} />
          </Suspense>
        </Box>
        <Typography component="figcaption" variant="body2" color="text.secondary">
          Visibility went from {percentText(first.score)} on {dayText(first.day)} to{' '}
          {percentText(last.score)} on {dayText(last.day)}; highest {percentText(best.score)} on{' '}
          {dayText(best.day)}.
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Visibility is the share of the clicks you could get from search that your ranks are expected
        to bring: each keyword&apos;s{' '}
        {data.volumeWeighted ? 'monthly searches' : 'checks (no search volumes are known yet)'}{' '}
        times the click-through rate of its rank (about 28% at #1, 11% at #3, 2.4% at #10 and less
        further down; none beyond #{data.depth}), as a percentage of what ranking #1 for every
        keyword would bring. The share of the top 20 counts how many of the first 20 results of your
        keywords are your videos.
      </Typography>
    </Section>
  );
}

function MoveTable({
  caption,
  moves,
  empty,
}: {
  caption: string;
  moves: KeywordMove[];
  empty: string;
}) {
  if (moves.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <Box component="caption" sx={visuallyHidden}>
          {caption}
        </Box>
        <TableHead>
          <TableRow>
            <TableCell scope="col">Keyword</TableCell>
            <TableCell scope="col" align="right">
              From
            </TableCell>
            <TableCell scope="col" align="right">
              To
            </TableCell>
            <TableCell scope="col" align="right">
              Change
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {moves.map((m) => (
            <TableRow key={`${m.keyword}\u0000${m.language}`}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {m.keyword}
              </TableCell>
              <TableCell align="right" title={`Checked ${dayText(m.fromDay)}`}>
                {rankText(m.from)}
              </TableCell>
              <TableCell align="right">{rankText(m.to)}</TableCell>
              <TableCell
                align="right"
                sx={{ color: m.change > 0 ? 'success.dark' : 'error.dark', fontWeight: 500 }}
              >
                {changeText(m.change)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function MoveList({ moves, empty, label }: { moves: KeywordMove[]; empty: string; label: string }) {
  if (moves.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {moves.map((m) => (
        <Typography
          component="li"
          key={`${m.keyword}\u0000${m.language}`}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {m.keyword}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            ({rankText(m.from)} → {rankText(m.to)})
          </Typography>
        </Typography>
      ))}
    </Box>
  );
}

function Movers({ data }: { data: RankingsMovement }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Section title="Winners" id="winners-heading">
        <MoveTable
          caption="Keywords that gained the most positions"
          moves={data.winners}
          empty="No keyword moved up in this period."
        />
      </Section>
      <Section title="Losers" id="losers-heading">
        <MoveTable
          caption="Keywords that lost the most positions"
          moves={data.losers}
          empty="No keyword moved down in this period."
        />
      </Section>
      <Section title="Entered the top 10" id="entered-heading">
        <MoveList
          label="Keywords that entered the top 10"
          moves={data.enteredTop10}
          empty="No keyword entered the top 10 in this period."
        />
      </Section>
      <Section title="Left the top 10" id="left-heading">
        <MoveList
          label="Keywords that left the top 10"
          moves={data.leftTop10}
          empty="No keyword left the top 10 in this period."
        />
      </Section>
    </Box>
  );
}

function LoadingState() {
  return (
    <Stack spacing={2} aria-busy role="status" aria-label="Loading the movement of your rankings">
      <LinearProgress aria-label="Loading the movement of your rankings" />
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={VISIBILITY_CHART_HEIGHT + 80} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}

function DataState({ data }: { data: RankingsMovement }) {
  if (data.state === 'updating') {
    return (
      <Alert severity="info">
        Today&apos;s checks are still running: this shows the ranks up to{' '}
        {data.to ? dayText(data.to) : 'the last complete day'}.
      </Alert>
    );
  }
  if (data.state === 'partialError') {
    return (
      <Alert severity="warning">
        Some of today&apos;s checks failed: keywords without today&apos;s check are left out of
        today&apos;s figures.
      </Alert>
    );
  }
  return null;
}

/**
 * The movement view of the active channel's rankings (/new-rankings): visibility over time,
 * winners and losers, keywords entering and leaving the top 10, and the share of the top-20
 * results, over 30, 90 or 365 days (`?days=` in the URL).
 */
export function MovementPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = periodOf(searchParams.get('days'));
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const query = useMovement(activeChannel?.id, days);
  const data = query.data;

  const choose = (next: MovementPeriod) => {
    const params = new URLSearchParams(searchParams);
    if (next === MOVEMENT_PERIODS[0]) params.delete('days');
    else params.set('days', String(next));
    setSearchParams(params);
  };

  let body: ReactNode;
  if (!channelLoading && !activeChannel) {
    body = <StatePanel title="No channel selected" />;
  } else if (query.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        }
      >
        We could not load the movement of your rankings.
      </Alert>
    );
  } else if (!data) {
    body = <LoadingState />;
  } else if (data.to === null) {
    body = (
      <StatePanel title={NO_RANKS_TITLE}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {data.tracked === 0
            ? 'Add keywords on the Keywords page and run the checks: how their ranks move shows here.'
            : `You track ${formatNumber(data.tracked)} ${data.tracked === 1 ? 'keyword' : 'keywords'}: run the checks on the Keywords page and their movement shows here.`}
        </Typography>
        <Button variant="outlined" component={RouterLink} to={paths.reportingKeywords}>
          Go to Keywords
        </Button>
      </StatePanel>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <DataState data={data} />
        <Summary data={data} />
        <VisibilitySection data={data} />
        <Movers data={data} />
      </Stack>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Rankings">
        How your tracked keywords moved: visibility, winners and losers, and your share of the top
        20 results.
      </PageHeading>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <PeriodSwitch days={days} onChange={choose} />
        {data?.from && data.to ? (
          <Typography variant="body2" color="text.secondary">
            {dayText(data.from)} – {dayText(data.to)}
          </Typography>
        ) : null}
      </Stack>
      {query.isFetching && query.isPlaceholderData ? (
        <LinearProgress aria-label="Loading the period" sx={{ mb: 1 }} />
      ) : null}
      {body}
    </Box>
  );
}
