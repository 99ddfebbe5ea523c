import { lazy, Suspense, type ReactNode } from 'react';
import type { CompetitionReport } from '@tubewise/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';
import { ACTIVITY_CHART_HEIGHT } from './chart-sizes.ts';
import {
  busiestWeek,
  countedFromText,
  dayText,
  daysFrom,
  shortDayText,
  uploadsPerWeekText,
  viewsPerVideoText,
  weekLabels,
  type ChannelActivity,
  type ReportChannel,
} from './competition-format.ts';
import { ScrollTable } from './scroll-table.tsx';
import { Section } from './section.tsx';

const ActivityChart = lazy(() => import('./activity-chart.tsx'));

function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      {/* The legend sits above the plot, so the box grows with it (the plot keeps its height). */}
      <Box sx={{ minHeight: ACTIVITY_CHART_HEIGHT }} aria-hidden>
        <Suspense fallback={<Skeleton variant="rounded" height={ACTIVITY_CHART_HEIGHT} />}>
          {children}
        </Suspense>
      </Box>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {caption}
      </Typography>
    </Box>
  );
}

/** The channels with their activity, in the report's order (the channel first). */
function withActivity(report: CompetitionReport) {
  const byId = new Map(report.activity.map((a) => [a.youtubeId, a]));
  return report.channels.map((channel) => ({ channel, activity: byId.get(channel.youtubeId) }));
}

function ActivityRow({
  channel,
  activity,
  days,
  periodTo,
}: {
  channel: ReportChannel;
  activity: ChannelActivity | undefined;
  days: number;
  /** The period's last day (YYYY-MM-DD). */
  periodTo: string;
}) {
  const busiest = activity ? busiestWeek(activity) : null;
  const missing = !activity ? 'Not read yet' : null;
  const partial = activity?.countedFrom ?? null;
  // A capped read: the count is a floor, and the weekly rate is taken over the days it covers.
  const countedDays = partial ? daysFrom(partial, periodTo) : days;
  return (
    <TableRow selected={channel.isOwn}>
      <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
        {channel.title}
        {channel.isOwn ? ' (your channel)' : ''}
        {activity?.unavailable ? (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            Unavailable: its figures may be missing or old
          </Typography>
        ) : null}
        {partial ? (
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            {countedFromText(partial)}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell align="right">
        {missing ?? `${formatNumber(activity!.uploads)}${partial ? '+' : ''}`}
      </TableCell>
      <TableCell align="right">
        {missing ?? uploadsPerWeekText(activity!.uploads, countedDays, partial !== null)}
      </TableCell>
      <TableCell align="right">{missing ?? viewsPerVideoText(activity!.viewsPerVideo)}</TableCell>
      <TableCell align="right">
        {missing ??
          (busiest
            ? `Week of ${shortDayText(busiest.weekStart)} (${formatNumber(busiest.uploads)})`
            : 'None')}
      </TableCell>
    </TableRow>
  );
}

/**
 * Upload cadence and views per video over the period: two weekly charts (one series per channel)
 * and the table of each channel's figures, which is the charts' text alternative.
 */
export function ActivitySection({ report }: { report: CompetitionReport }) {
  const rows = withActivity(report);
  const charted = rows.filter((r) => r.activity && r.activity.weeks.length > 0);
  const labels = weekLabels(charted.map((r) => r.activity!));
  const series = charted.map((r) => ({ label: r.channel.title, weeks: r.activity!.weeks }));
  const { period } = report;
  const most = charted.reduce<(typeof charted)[number] | null>(
    (best, r) => (!best || r.activity!.uploads > best.activity!.uploads ? r : best),
    null,
  );

  return (
    <Section title="Upload cadence and views per video" id="activity-heading">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The videos each channel uploaded in the last {period.days} days ({dayText(period.from)} to{' '}
        {dayText(period.to)}), week by week, and the views those uploads have to date.
      </Typography>
      {charted.length > 0 && labels.length > 0 ? (
        <Box
          sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
        >
          <ChartFigure
            caption={`Uploads per week, one bar per channel.${
              most && most.activity!.uploads > 0
                ? ` ${most.channel.title} uploaded the most: ${formatNumber(most.activity!.uploads)}${most.activity!.countedFrom ? '+' : ''} videos.`
                : ''
            }`}
          >
            <ActivityChart metric="uploads" weekLabels={labels} channels={series} />
          </ChartFigure>
          <ChartFigure caption="Views per video of each week's uploads, one line per channel (no point in a week without uploads).">
            <ActivityChart metric="viewsPerVideo" weekLabels={labels} channels={series} />
          </ChartFigure>
        </Box>
      ) : null}
      <ScrollTable label="Uploads and views per video of each channel" minWidth={560}>
        <Table size="small">
          <Box component="caption" sx={visuallyHidden}>
            Uploads and views per video of each channel in the last {period.days} days
          </Box>
          <TableHead>
            <TableRow>
              <TableCell scope="col">Channel</TableCell>
              <TableCell scope="col" align="right">
                Uploads
              </TableCell>
              <TableCell scope="col" align="right">
                Uploads per week
              </TableCell>
              <TableCell scope="col" align="right">
                Views per video
              </TableCell>
              <TableCell scope="col" align="right">
                Busiest week
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ channel, activity }) => (
              <ActivityRow
                key={channel.youtubeId}
                channel={channel}
                activity={activity}
                days={period.days}
                periodTo={period.to}
              />
            ))}
          </TableBody>
        </Table>
      </ScrollTable>
    </Section>
  );
}
