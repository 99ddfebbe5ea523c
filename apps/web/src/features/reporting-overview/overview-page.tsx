import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { OrganicStats, PeriodFigure } from '@tubewise/contract';
import { type ReportingPeriod } from '@tubewise/contract/constants';
import { REPORTING_PERIODS } from '@tubewise/contract/reporting-constants';
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
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { formatNumber } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { useOrganicStats } from './api/organic-stats.ts';
import { ORGANIC_CHART_HEIGHT } from './chart-size.ts';
import { CostPerViewForm } from './cost-per-view-form.tsx';
import {
  changeText,
  dayText,
  moneyText,
  percentText,
  periodLabel,
  periodOf,
  pointsText,
  rateText,
  watchTimeText,
} from './overview-format.ts';

const OrganicChart = lazy(() => import('./organic-chart.tsx'));

/** The empty state's title (YouTube reports no views for the channel). */
export const NO_VIEWS_TITLE = 'No views to report yet';

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

/** The change line of a KPI card: "+12% vs the previous 28 days". */
function changeLine(figure: PeriodFigure, days: number): { text: string; tone?: 'up' | 'down' } {
  const previous = `the previous ${periodLabel(days)}`;
  const change = changeText(figure.changePercent);
  if (change === null) return { text: `None in ${previous}` };
  const tone =
    figure.current > figure.previous ? 'up' : figure.current < figure.previous ? 'down' : undefined;
  return { text: `${change} vs ${previous}`, tone };
}

function Kpi({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: string;
  detail: string;
  tone?: 'up' | 'down';
}) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} role="group" aria-label={label}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      <Typography
        variant="body2"
        sx={{
          color: tone === 'up' ? 'success.dark' : tone === 'down' ? 'error.dark' : 'text.secondary',
        }}
      >
        {detail}
      </Typography>
    </Paper>
  );
}

function KpiCards({ data }: { data: OrganicStats }) {
  const views = changeLine(data.views, data.days);
  const watch = changeLine(data.watchMinutes, data.days);
  const value = changeLine(data.monetaryValue.total, data.days);
  const shareDelta = data.searchShare.current - data.searchShare.previous;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        gap: 1.5,
      }}
    >
      <Kpi
        label="Views from search"
        value={formatNumber(data.views.current)}
        detail={views.text}
        tone={views.tone}
      />
      <Kpi
        label="Watch time from search"
        value={watchTimeText(data.watchMinutes.current)}
        detail={watch.text}
        tone={watch.tone}
      />
      <Kpi
        label="Search share of views"
        value={percentText(data.searchShare.current)}
        detail={`${pointsText(shareDelta)} vs the previous ${periodLabel(data.days)}`}
        tone={shareDelta > 0 ? 'up' : shareDelta < 0 ? 'down' : undefined}
      />
      <Kpi
        label="Monetary value"
        value={moneyText(data.monetaryValue.total.current)}
        detail={value.text}
        tone={value.tone}
      />
    </Box>
  );
}

function DailySection({ data }: { data: OrganicStats }) {
  const best = data.daily.reduce((a, b) => (b.views > a.views ? b : a), data.daily[0]!);
  return (
    <Section title="Views from search per day" id="daily-heading">
      <Box component="figure" sx={{ m: 0 }}>
        <Box sx={{ height: ORGANIC_CHART_HEIGHT }} aria-hidden>
          <Suspense fallback={<Skeleton variant="rounded" height={ORGANIC_CHART_HEIGHT} />}>
            <OrganicChart daily={data.daily} />
          </Suspense>
        </Box>
        <Typography component="figcaption" variant="body2" color="text.secondary">
          {formatNumber(data.views.current)} views from YouTube search between{' '}
          {dayText(data.period.start)} and {dayText(data.period.end)} (
          {formatNumber(data.views.previous)} in the previous {periodLabel(data.days)}); the best
          day was {dayText(best.day)} with {formatNumber(best.views)} views. Search brought{' '}
          {percentText(data.searchShare.current)} of your {formatNumber(data.totalViews)} views.
        </Typography>
      </Box>
    </Section>
  );
}

function TermsSection({ data }: { data: OrganicStats }) {
  return (
    <Section title="Top search terms" id="terms-heading">
      {data.topTerms.length === 0 ? (
        <Typography color="text.secondary">
          YouTube reports no search terms for this period.
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <Box component="caption" sx={visuallyHidden}>
              The search terms that brought the most views from YouTube search, most views first
            </Box>
            <TableHead>
              <TableRow>
                <TableCell scope="col">Search term</TableCell>
                <TableCell scope="col" align="right">
                  Views
                </TableCell>
                <TableCell scope="col" align="right">
                  Watch time
                </TableCell>
                <TableCell scope="col" align="right">
                  Cost per click
                </TableCell>
                <TableCell scope="col" align="right">
                  Value
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.topTerms.map((t) => (
                <TableRow key={t.term}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {t.term}
                  </TableCell>
                  <TableCell align="right">{formatNumber(t.views)}</TableCell>
                  <TableCell align="right">{watchTimeText(t.watchMinutes)}</TableCell>
                  <TableCell align="right">
                    {t.cpc === null ? 'Unknown' : rateText(t.cpc)}
                  </TableCell>
                  <TableCell align="right">
                    {moneyText(t.value)}
                    <Box component="span" sx={visuallyHidden}>
                      {t.valueSource === 'cpc'
                        ? ' (at its cost per click)'
                        : ' (at the cost per view)'}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

function ValueSection({ data, channelId }: { data: OrganicStats; channelId: string }) {
  const { total, method } = data.monetaryValue;
  const cpv = method.costPerView;
  const terms = method.cpcTerms;
  return (
    <Section title="Monetary value" id="value-heading">
      <Typography variant="h4" component="p" sx={{ mb: 1 }}>
        {moneyText(total.current)}
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          ({moneyText(total.previous)} in the previous {periodLabel(data.days)})
        </Typography>
      </Typography>
      <Typography sx={{ mb: 1 }}>
        What your {formatNumber(data.views.current)} views from YouTube search would have cost if
        you had bought them as ads.
      </Typography>
      <Box component="ul" aria-label="How the value is computed" sx={{ m: 0, mb: 2, pl: 2.5 }}>
        <Typography component="li" sx={{ mb: 0.5 }}>
          {terms.length === 0 ? (
            <>No top search term has a known cost per click yet, so none is valued that way.</>
          ) : (
            <>
              {formatNumber(method.cpcViews)} views came from {terms.length}{' '}
              {terms.length === 1 ? 'search term' : 'search terms'} with a known cost per click (
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {terms.join(', ')}
              </Box>
              ): each view is valued at its term&apos;s cost per click, {moneyText(method.cpcValue)}{' '}
              in all.
            </>
          )}
        </Typography>
        <Typography component="li">
          The other {formatNumber(method.defaultViews)} views are valued at{' '}
          {rateText(cpv.costPerView)} per view, {moneyText(method.defaultValue)} in all.{' '}
          {cpv.source === 'channel'
            ? `That is your channel's own cost per view (the default for ${cpv.locationName} is ${rateText(cpv.locationDefault)}).`
            : `That is our default for ${cpv.locationName}, your channel's keyword location: the typical cost of a view of a YouTube ad there.`}
        </Typography>
      </Box>
      <CostPerViewForm key={String(cpv.override)} channelId={channelId} setting={cpv} />
    </Section>
  );
}

function PeriodSwitch({
  days,
  onChange,
}: {
  days: ReportingPeriod;
  onChange: (days: ReportingPeriod) => void;
}) {
  return (
    <ToggleButtonGroup
      value={days}
      exclusive
      size="small"
      aria-label="Period"
      onChange={(_, value: ReportingPeriod | null) => {
        if (value !== null) onChange(value);
      }}
    >
      {REPORTING_PERIODS.map((d) => (
        <ToggleButton key={d} value={d}>
          {periodLabel(d)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function LoadingState() {
  return (
    <Stack spacing={2} role="status" aria-busy aria-label="Loading your organic search figures">
      <LinearProgress aria-label="Loading your organic search figures" />
      <Skeleton variant="rounded" height={96} />
      <Skeleton variant="rounded" height={ORGANIC_CHART_HEIGHT + 80} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}

/**
 * The reporting overview of the active channel (/reporting/overview): views, watch time and share
 * from YouTube search over 28, 90 or 365 days (`?days=` in the URL) against the previous period,
 * the top search terms, and the monetary value with its method and the cost-per-view setting.
 * `googleSearch` is the Google search section, composed in by the route (features stay apart).
 */
export function OverviewPage({ googleSearch }: { googleSearch?: ReactNode } = {}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const days = periodOf(searchParams.get('days'));
  const { activeChannel, isLoading: channelLoading } = useActiveChannel();
  const query = useOrganicStats(activeChannel?.id, days);
  const data = query.data;

  const choose = (next: ReportingPeriod) => {
    const params = new URLSearchParams(searchParams);
    if (next === REPORTING_PERIODS[0]) params.delete('days');
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
        We could not load your organic search figures from YouTube.
      </Alert>
    );
  } else if (!data || !activeChannel) {
    body = <LoadingState />;
  } else if (data.state === 'empty') {
    body = (
      <StatePanel title={NO_VIEWS_TITLE}>
        <Typography color="text.secondary">
          YouTube Analytics reports no views for this channel in the last {periodLabel(data.days)}{' '}
          or the {periodLabel(data.days)} before. Once your videos are watched, their views from
          search show here (YouTube needs a day or two to report them).
        </Typography>
      </StatePanel>
    );
  } else {
    body = (
      <Stack spacing={2}>
        <KpiCards data={data} />
        <Typography variant="body2" color="text.secondary">
          Subscribers gained from search are not shown: YouTube Analytics does not report
          subscribers by traffic source.
        </Typography>
        <DailySection data={data} />
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
            gap: 2,
            alignItems: 'start',
          }}
        >
          <TermsSection data={data} />
          <ValueSection data={data} channelId={activeChannel.id} />
        </Box>
      </Stack>
    );
  }

  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Reporting">
        How your videos perform in YouTube search: views, watch time, the search terms that bring
        them, and what those views are worth.
      </PageHeading>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <PeriodSwitch days={days} onChange={choose} />
        {data ? (
          <Typography variant="body2" color="text.secondary">
            {dayText(data.period.start)} – {dayText(data.period.end)}
          </Typography>
        ) : null}
      </Stack>
      {query.isFetching && query.isPlaceholderData ? (
        <LinearProgress aria-label="Loading the period" sx={{ mb: 1 }} />
      ) : null}
      {body}
      {googleSearch ? <Box sx={{ mt: 2 }}>{googleSearch}</Box> : null}
    </Box>
  );
}
