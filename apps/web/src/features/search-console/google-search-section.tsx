import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { Channel, ChannelSearchConsole, SearchConsoleConnection } from '@tubewise/contract';
import {
  SEARCH_CONSOLE_PERIODS,
  type SearchConsolePeriod,
} from '@tubewise/contract/labs-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../lib/api-error.ts';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { formatNumber } from '../../lib/format.ts';
import {
  useChannelSearchConsole,
  useConnectSearchConsole,
  useSearchConsoleConnection,
} from './api/search-console.ts';
import { EMBED_CHART_BARS, embedChartHeight } from './chart-size.ts';
import { DisconnectDialog } from './disconnect-dialog.tsx';
import { PropertyChooser } from './property-chooser.tsx';
import {
  SEARCH_DAYS_PARAM,
  ctrText,
  positionText,
  searchDayText,
  searchPeriodOf,
  siteName,
} from './search-console-format.ts';
import { EmptyRows, PagesTable, QueriesTable } from './search-tables.tsx';

const EmbedQueriesChart = lazy(() => import('./embed-queries-chart.tsx'));

/** The section's title. */
export const SECTION_TITLE = 'Google search';
/** The notice of a Search Console grant that stopped working (the channel notice's words). */
export const SC_RECONNECT_TEXT =
  'Failed to connect to Google Search Console. In order to continue using this section you need to reconnect Search Console.';
/** The empty state of a period without any search. */
export const NO_SEARCHES_TEXT = 'No Google searches in this period';

type Report = NonNullable<ChannelSearchConsole['report']>;

function Kpi({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} role="group" aria-label={label}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        variant="h4"
        component="p"
        // Two cards a row on phones: a smaller figure keeps 5,318,995 on one line.
        sx={{
          mt: 0.5,
          overflowWrap: 'anywhere',
          fontSize: { xs: '1.375rem', sm: '1.75rem', md: '2.125rem' },
        }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

function Totals({ report, site }: { report: Report; site: string }) {
  const t = report.totals;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        All of {site} in Google web search:
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          gap: 1.5,
        }}
      >
        <Kpi label="Clicks" value={formatNumber(t.clicks)} />
        <Kpi label="Impressions" value={formatNumber(t.impressions)} />
        <Kpi label="Click-through rate" value={ctrText(t.ctr)} />
        <Kpi label="Average position" value={positionText(t.position)} />
      </Box>
    </Box>
  );
}

/** A sub-part of the section with an h3 heading, named by it. */
function Part({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography
        variant="subtitle1"
        component="h3"
        id={id}
        sx={{ fontWeight: 700, lineHeight: 1.4 }}
      >
        {title}
      </Typography>
      {lead ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {lead}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

function EmbedQueries({ report }: { report: Report }) {
  const bars = report.embedQueries.slice(0, EMBED_CHART_BARS);
  const height = embedChartHeight(bars.length);
  return (
    <Part
      title="Searches that lead to pages with your videos"
      lead="The Google web searches that bring people to the pages embedding your videos, most clicks first."
    >
      {report.embedQueries.length === 0 ? (
        <EmptyRows>
          No Google searches in this period led to a page that embeds your videos.
        </EmptyRows>
      ) : (
        <>
          {bars.some((b) => b.clicks > 0) ? (
            <Box component="figure" sx={{ m: 0, mb: 1 }}>
              <Box sx={{ height }} aria-hidden>
                <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
                  <EmbedQueriesChart bars={bars} />
                </Suspense>
              </Box>
              <Typography component="figcaption" variant="body2" color="text.secondary">
                Clicks of the {bars.length === 1 ? 'top search' : `top ${bars.length} searches`};
                the table below lists every figure.
              </Typography>
            </Box>
          ) : null}
          <QueriesTable
            rows={report.embedQueries}
            caption="Google web searches leading to pages that embed your videos, most clicks first"
          />
        </>
      )}
    </Part>
  );
}

function ReportBody({ report, site }: { report: Report; site: string }) {
  const embedding = report.pages.filter((p) => p.embeddedVideoIds.length > 0);
  if (report.totals.impressions === 0) {
    return (
      <Paper variant="outlined" role="status" sx={{ py: 4, px: 2, textAlign: 'center' }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }} gutterBottom>
          {NO_SEARCHES_TEXT}
        </Typography>
        <Typography color="text.secondary">
          Google reports no impressions of this property between {searchDayText(report.startDate)}{' '}
          and {searchDayText(report.endDate)}. New websites take a few days to appear in Search
          Console.
        </Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={3}>
      <Totals report={report} site={site} />
      <EmbedQueries report={report} />
      <Part
        title="Pages embedding your videos"
        lead="Pages of this property with your videos in a player: the views your videos got there and how the page does in Google search."
      >
        {embedding.length === 0 ? (
          <EmptyRows>
            None of the top pages embeds your videos, as far as YouTube Analytics reports.
          </EmptyRows>
        ) : (
          <PagesTable
            rows={embedding}
            embeds
            caption="Pages of the property that embed your videos, with your videos' views on them and their Google search figures"
          />
        )}
      </Part>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Part title="Top queries" lead="The property's Google web searches, most clicks first.">
          {report.queries.length === 0 ? (
            <EmptyRows>Google reports no queries for this period.</EmptyRows>
          ) : (
            <QueriesTable
              rows={report.queries}
              caption="The property's top Google web searches, most clicks first"
            />
          )}
        </Part>
        <Part title="Top pages" lead="The property's pages, most clicks first.">
          {report.pages.length === 0 ? (
            <EmptyRows>Google reports no pages for this period.</EmptyRows>
          ) : (
            <PagesTable
              rows={report.pages}
              caption="The property's top pages in Google web search, most clicks first"
            />
          )}
        </Part>
      </Box>
    </Stack>
  );
}

function PeriodToggle({
  days,
  onChange,
}: {
  days: SearchConsolePeriod;
  onChange: (days: SearchConsolePeriod) => void;
}) {
  return (
    <ToggleButtonGroup
      value={days}
      exclusive
      size="small"
      // Not "Period": the overview's own switch has that name.
      aria-label="Google search date range"
      onChange={(_, value: SearchConsolePeriod | null) => {
        if (value !== null) onChange(value);
      }}
    >
      {SEARCH_CONSOLE_PERIODS.map((d) => (
        <ToggleButton key={d} value={d}>
          {d} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Connect or reconnect: gets Google's consent URL for this page and goes there. */
function ConnectButton({ label, variant }: { label: string; variant?: 'contained' | 'outlined' }) {
  const connect = useConnectSearchConsole();
  const location = useLocation();
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant={variant ?? 'contained'}
        loading={connect.isPending || connect.isSuccess}
        onClick={() => connect.mutate(`${location.pathname}${location.search}`)}
      >
        {label}
      </Button>
      {connect.isError ? (
        <Alert severity="error">
          We could not reach Google to connect Search Console. Please try again.
        </Alert>
      ) : null}
    </Stack>
  );
}

function ConnectCard() {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography>
        See the Google web searches that bring people to the pages embedding your videos: the
        queries, clicks, impressions, click-through rate and position, from Google Search Console.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Tubewise asks Google for read-only access to your Search Console data, a permission of its
        own, apart from your YouTube channel&apos;s. You can disconnect at any time.
      </Typography>
      <ConnectButton label="Connect Google Search Console" />
    </Stack>
  );
}

function ReconnectNotice({ onDisconnect }: { onDisconnect?: () => void }) {
  const connect = useConnectSearchConsole();
  const location = useLocation();
  return (
    <Alert
      severity="error"
      action={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            loading={connect.isPending || connect.isSuccess}
            onClick={() => connect.mutate(`${location.pathname}${location.search}`)}
          >
            Reconnect
          </Button>
          {onDisconnect ? (
            <Button color="inherit" size="small" onClick={onDisconnect}>
              Disconnect
            </Button>
          ) : null}
        </Stack>
      }
    >
      {SC_RECONNECT_TEXT}
      {connect.isError ? (
        <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
          We could not reach Google. Please try again.
        </Box>
      ) : null}
    </Alert>
  );
}

function LoadingState() {
  return (
    <Stack spacing={1.5} role="status" aria-busy aria-label="Loading your Google search figures">
      <Skeleton variant="rounded" height={72} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

/**
 * Why the section could not load: Google's own state (quota used up, not answering) is said as
 * the server words it, since waiting is the remedy; anything else is our failure.
 */
function loadErrorText(error: unknown): string {
  if (isApiError(error) && GOOGLE_STATES.has(error.code)) return error.message;
  return 'We could not load the Google search figures.';
}
const GOOGLE_STATES = new Set(['platform-quota-exceeded', 'platform-unavailable']);

/** What the section shows for a channel whose property is chosen. */
function PropertyView({
  section,
  connection,
  days,
  onPeriod,
  onChange,
  onDisconnect,
  updating,
}: {
  section: ChannelSearchConsole & { siteUrl: string };
  connection: SearchConsoleConnection;
  days: SearchConsolePeriod;
  onPeriod: (days: SearchConsolePeriod) => void;
  onChange: () => void;
  onDisconnect: () => void;
  updating: boolean;
}) {
  const report = section.report;
  const canChange = connection.connected && !connection.needsReconnect;
  let body: ReactNode;
  if (section.needsReconnect) {
    body = connection.needsReconnect ? (
      <ReconnectNotice onDisconnect={onDisconnect} />
    ) : (
      <Alert severity="warning">
        The Search Console access of {section.connectedBy ?? 'the person who chose this property'}{' '}
        stopped working, so Google shares no figures of this property with Tubewise now. They need
        to reconnect Search Console here
        {canChange ? ', or you can choose one of your own properties' : ''}.
      </Alert>
    );
  } else if (!report) {
    body = (
      <Alert severity="warning">
        Search Console does not share the figures of this property with Tubewise now: the Google
        account that chose it may have lost its access to the property. Choose another property, or
        check its users in Search Console.
      </Alert>
    );
  } else {
    body = <ReportBody report={report} site={siteName(section.siteUrl)} />;
  }
  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            Property: {siteName(section.siteUrl)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {section.connectedBy ? `Connected by ${section.connectedBy}` : 'Connected'}, shared with
            everyone on this channel
            {report
              ? ` · ${searchDayText(report.startDate)} – ${searchDayText(report.endDate)}`
              : ''}
          </Typography>
        </Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}
        >
          <PeriodToggle days={days} onChange={onPeriod} />
          {canChange ? (
            <Button variant="outlined" size="small" onClick={onChange}>
              Change property
            </Button>
          ) : null}
          {connection.connected && !connection.needsReconnect ? (
            <Button color="error" size="small" onClick={onDisconnect}>
              Disconnect
            </Button>
          ) : null}
        </Stack>
      </Stack>
      {updating ? <LinearProgress aria-label="Loading the date range" /> : null}
      {!connection.connected && !connection.needsReconnect ? (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            To choose another property, connect your own Google Search Console.
          </Typography>
          <ConnectButton label="Connect Google Search Console" variant="outlined" />
        </Box>
      ) : null}
      {body}
    </Stack>
  );
}

/**
 * Reporting's "Google search" section for the active channel: the web queries and pages of the
 * channel's Search Console property over 28 or 90 days (`?googleDays=`), led by the searches that
 * bring people to the pages embedding the channel's videos. Without a connection it offers to
 * connect; connected without a property for the channel, it offers the person's properties.
 */
export default function GoogleSearchSection() {
  const { activeChannel } = useActiveChannel();
  if (!activeChannel) return null;
  // Keyed by channel: a property form left open does not carry over to another channel.
  return <ChannelGoogleSearch key={activeChannel.id} channel={activeChannel} />;
}

/** The section of one channel. */
function ChannelGoogleSearch({ channel: activeChannel }: { channel: Channel }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const days = searchPeriodOf(searchParams.get(SEARCH_DAYS_PARAM));
  const connection = useSearchConsoleConnection();
  const section = useChannelSearchConsole(activeChannel.id, days);
  const [changing, setChanging] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const choosePeriod = (next: SearchConsolePeriod): void => {
    const params = new URLSearchParams(searchParams);
    if (next === SEARCH_CONSOLE_PERIODS[0]) params.delete(SEARCH_DAYS_PARAM);
    else params.set(SEARCH_DAYS_PARAM, String(next));
    setSearchParams(params, { replace: false, preventScrollReset: true });
  };
  const focusHeading = (): void => {
    // The button that opened a dialog or form may be gone: the heading keeps the reader's place.
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  const openDisconnect = (): void => setConfirming(true);

  const conn = connection.data;
  const data = section.data;
  let body: ReactNode;
  if (connection.isError || section.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              if (connection.isError) void connection.refetch();
              if (section.isError) void section.refetch();
            }}
          >
            Retry
          </Button>
        }
      >
        {loadErrorText(connection.error ?? section.error)}
      </Alert>
    );
  } else if (!conn || !data) {
    body = <LoadingState />;
  } else if (data.siteUrl !== null && !changing) {
    body = (
      <PropertyView
        section={{ ...data, siteUrl: data.siteUrl }}
        connection={conn}
        days={days}
        onPeriod={choosePeriod}
        onChange={() => setChanging(true)}
        onDisconnect={openDisconnect}
        updating={section.isFetching && section.isPlaceholderData}
      />
    );
  } else if (conn.needsReconnect) {
    body = <ReconnectNotice onDisconnect={openDisconnect} />;
  } else if (conn.connected) {
    body = (
      <Stack spacing={2}>
        <PropertyChooser
          channelId={activeChannel.id}
          channelName={activeChannel.name}
          days={days}
          sites={conn.sites}
          current={data.siteUrl}
          onSaved={() => {
            setChanging(false);
            focusHeading();
          }}
          onCancel={data.siteUrl !== null ? () => setChanging(false) : undefined}
        />
        <Box>
          <Button color="error" size="small" onClick={openDisconnect}>
            Disconnect Search Console
          </Button>
        </Box>
      </Stack>
    );
  } else {
    body = <ConnectCard />;
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 2, minWidth: 0 }}
    >
      <Typography
        variant="h3"
        component="h2"
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        sx={{ mb: 1, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid' } }}
      >
        {SECTION_TITLE}
      </Typography>
      {body}
      {confirming ? (
        <DisconnectDialog
          separateGrant={conn?.separateGrant === true}
          onClose={() => setConfirming(false)}
          onDisconnected={() => {
            setConfirming(false);
            setChanging(false);
            focusHeading();
          }}
        />
      ) : null}
    </Paper>
  );
}
