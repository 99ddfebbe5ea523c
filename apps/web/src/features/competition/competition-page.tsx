import { useState, type ReactNode } from 'react';
import type { Channel, CompetitionGap, CompetitionReport, Competitor } from '@tubewise/contract';
import { COMPETITORS_PER_CHANNEL_MAX } from '@tubewise/contract/onboarding-constants';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { PageHeading } from '../../components/page-heading.tsx';
import { failureNoticeOptions } from '../../components/plan-error.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { useActiveChannel } from '../../lib/channels/use-active-channel.ts';
import { formatRelativeDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { planErrorText } from '../../lib/plan-errors.ts';
import {
  useCompetitionReport,
  useCompetitorChanges,
  useCompetitors,
  useTrackKeyword,
} from './api/competition.ts';
import { ActivitySection } from './activity-section.tsx';
import { channelNamer } from './competition-format.ts';
import { CompetitorsPanel } from './competitors-panel.tsx';
import { GapsSection, gapKey } from './gaps-section.tsx';
import { EmptyState } from './section.tsx';
import { ShareOfVoiceSection } from './share-of-voice-section.tsx';
import { TopContentSection } from './top-content-section.tsx';

/** The empty state's title before the first competitor. */
export const NO_COMPETITORS_TITLE = 'No competitors yet';

/** What a failed call says (a plan's refusal in its words). */
function failureText(err: unknown): string {
  return (
    planErrorText(err) ??
    (isApiError(err) ? err.message : 'Something went wrong. Please try again.')
  );
}

function ReportLoading() {
  return (
    <Stack spacing={2} role="status" aria-busy aria-label="Loading the competition report">
      <LinearProgress aria-label="Loading the competition report" />
      <Skeleton variant="rounded" height={220} />
      <Skeleton variant="rounded" height={260} />
    </Stack>
  );
}

/** The text of the notice once the page stopped asking (REFRESHING_POLL_LIMIT_MS). */
export const STILL_READING_TEXT =
  "Still reading the competitors' data. Refresh later, or check again now.";

/**
 * The notice while some competitor's public data is read for the first time: the page asks
 * again by itself for a while, then says so and offers to check again.
 */
function RefreshingNotice({
  competitors,
  unavailable,
  stalled,
  onCheckAgain,
}: {
  competitors: readonly Competitor[];
  unavailable: ReadonlySet<string>;
  stalled: boolean;
  onCheckAgain: () => void;
}) {
  const reading = competitors
    .filter((c) => c.refreshedAt === null && !unavailable.has(c.youtubeId))
    .map((c) => c.title);
  return (
    <Alert
      severity="info"
      role="status"
      action={
        stalled ? (
          <Button color="inherit" size="small" onClick={onCheckAgain}>
            Check again
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>Reading your competitors&apos; data for the first time</AlertTitle>
      {reading.length > 0 ? `${reading.join(', ')}: ` : ''}their videos and figures are being read
      from YouTube.{' '}
      {stalled ? STILL_READING_TEXT : 'This page fills in by itself as soon as they are in.'}
    </Alert>
  );
}

/** The report's sections, in reading order. */
function ReportSections({
  report,
  competitors,
  unavailable,
  stalled,
  onCheckAgain,
  tracked,
  tracking,
  onTrack,
}: {
  report: CompetitionReport;
  competitors: readonly Competitor[];
  unavailable: ReadonlySet<string>;
  stalled: boolean;
  onCheckAgain: () => void;
  tracked: ReadonlySet<string>;
  tracking: string | null;
  onTrack: (gap: CompetitionGap) => void;
}) {
  const sov = report.shareOfVoice;
  return (
    <Stack spacing={2}>
      {report.refreshing ? (
        <RefreshingNotice
          competitors={competitors}
          unavailable={unavailable}
          stalled={stalled}
          onCheckAgain={onCheckAgain}
        />
      ) : null}
      <ShareOfVoiceSection sov={sov} channels={report.channels} />
      {sov.trackedKeywords > 0 ? (
        <GapsSection
          gaps={report.gaps}
          countedKeywords={sov.keywords}
          depth={sov.depth}
          nameOf={channelNamer(report.channels)}
          tracked={tracked}
          tracking={tracking}
          onTrack={onTrack}
        />
      ) : null}
      <ActivitySection report={report} />
      <TopContentSection report={report} />
    </Stack>
  );
}

/** One channel's competition view (remounted per channel, so nothing of another one stays). */
function ChannelCompetition({ channel }: { channel: Channel }) {
  const competitors = useCompetitors(channel.id);
  const list = competitors.data;
  const hasCompetitors = (list?.competitors.length ?? 0) > 0;
  const { query: report, stalled, checkAgain } = useCompetitionReport(channel.id, hasCompetitors);
  const { add, remove } = useCompetitorChanges(channel.id);
  const track = useTrackKeyword(channel.id);
  const [tracked, setTracked] = useState<ReadonlySet<string>>(new Set());

  const onRemove = (competitor: Competitor) => {
    add.reset();
    remove.mutate(competitor.youtubeId, {
      onSuccess: () => notify(`Removed ${competitor.title}.`, { variant: 'success' }),
      onError: (err) =>
        notify(`We could not remove ${competitor.title}. ${failureText(err)}`, {
          variant: 'error',
        }),
    });
  };

  const onTrack = (gap: CompetitionGap) => {
    const key = gapKey(gap);
    track.mutate(gap, {
      onSuccess: (result) => {
        setTracked((prev) => new Set(prev).add(key));
        notify(
          result.added.length > 0
            ? `Now tracking “${gap.keyword}”: its rank is checked every day.`
            : `“${gap.keyword}” is already tracked.`,
          { variant: 'success' },
        );
      },
      onError: (err) =>
        notify(`We could not track “${gap.keyword}”. ${failureText(err)}`, {
          ...failureNoticeOptions(err, 'competition-track-failed'),
        }),
    });
  };

  const unavailable = new Set(
    report.data?.activity.filter((a) => a.unavailable).map((a) => a.youtubeId),
  );

  let reportArea: ReactNode = null;
  if (list && !hasCompetitors) {
    reportArea = (
      <Paper variant="outlined" sx={{ p: 2 }}>
        <EmptyState title={NO_COMPETITORS_TITLE}>
          Add up to {list.max} channels you compete with, using the search above. You will see your
          share of voice on your tracked keywords against theirs, the keywords they rank for and you
          do not, how often they upload and what works for them.
        </EmptyState>
      </Paper>
    );
  } else if (hasCompetitors && report.isError) {
    reportArea =
      isApiError(report.error) && report.error.code === 'feature-not-enabled' ? (
        <Alert severity="warning">The competition view is not enabled for your account.</Alert>
      ) : (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void report.refetch()}>
              Retry
            </Button>
          }
        >
          We could not load the competition report. {failureText(report.error)}
        </Alert>
      );
  } else if (hasCompetitors && !report.data) {
    reportArea = <ReportLoading />;
  } else if (hasCompetitors && report.data) {
    reportArea = (
      <ReportSections
        report={report.data}
        competitors={list?.competitors ?? []}
        unavailable={unavailable}
        stalled={stalled}
        onCheckAgain={checkAgain}
        tracked={tracked}
        tracking={track.isPending && track.variables ? gapKey(track.variables) : null}
        onTrack={onTrack}
      />
    );
  }

  const refreshedAt = report.data?.refreshedAt;
  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Competition">
        {channel.name} against up to {list?.max ?? COMPETITORS_PER_CHANNEL_MAX} competitors: share
        of voice on your tracked keywords, the keywords they rank for and you do not, and what they
        upload.
        {hasCompetitors && refreshedAt
          ? ` Their public data is read every day (oldest read ${formatRelativeDate(refreshedAt)}).`
          : ''}
      </PageHeading>
      <Stack spacing={2}>
        <CompetitorsPanel
          channelName={channel.name}
          ownYoutubeId={channel.youtubeId}
          list={list}
          listError={competitors.isError}
          onRetry={() => void competitors.refetch()}
          unavailable={unavailable}
          adding={add.isPending ? (add.variables ?? null) : null}
          addError={add.error}
          removing={remove.isPending ? (remove.variables ?? null) : null}
          onAdd={(youtubeId) => add.mutate(youtubeId)}
          onRemove={onRemove}
        />
        {reportArea}
      </Stack>
    </Box>
  );
}

/**
 * The competition view of the active channel (/competition, competition_user): its competitors
 * (added by channel search, at most five), share of voice on the tracked keywords, the keyword
 * gaps with ways to act on them, upload cadence and views per video, top videos and tags.
 */
export function CompetitionPage() {
  const { activeChannel, isLoading } = useActiveChannel();
  if (!activeChannel) {
    return (
      <Box sx={{ py: 2 }}>
        <PageHeading title="Competition" />
        {isLoading ? (
          <Skeleton variant="rounded" height={160} aria-label="Loading your channel" />
        ) : (
          <Alert severity="info">Connect a channel to compare it with its competitors.</Alert>
        )}
      </Box>
    );
  }
  return <ChannelCompetition key={activeChannel.id} channel={activeChannel} />;
}
