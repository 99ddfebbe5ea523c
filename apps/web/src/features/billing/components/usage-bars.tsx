import { useId, type ReactNode } from 'react';
import type { BillingOverview } from '@tubewise/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { usagePercent } from '../billing-format.ts';

/** One limit as a labelled bar: "People 2 of 5", amber from 80 %, red when full. */
export function UsageBar({
  label,
  used,
  limit,
  unit,
  note,
}: {
  label: string;
  used: number;
  limit: number;
  /** What is counted, for screen readers ("2 of 5 people"). */
  unit: string;
  note?: ReactNode;
}) {
  const labelId = useId();
  const noteId = useId();
  const percent = usagePercent(used, limit);
  const color = percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary';
  return (
    <Box sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" aria-hidden>
          {formatNumber(used)} of {formatNumber(limit)}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={color}
        aria-labelledby={labelId}
        aria-describedby={note ? noteId : undefined}
        aria-valuetext={`${formatNumber(used)} of ${formatNumber(limit)} ${unit}`}
        sx={{ height: 10, borderRadius: 5 }}
      />
      {note ? (
        <Typography id={noteId} variant="caption" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The account's usage against its plan: channels, then each of its own channels' people,
 * tracked keywords and AI generations this month (with when they start again).
 */
export function UsageBars({ usage }: { usage: BillingOverview['usage'] }) {
  return (
    <Box>
      <Box sx={{ maxWidth: 480 }}>
        <UsageBar
          label="Channels"
          used={usage.channels.used}
          limit={usage.channels.limit}
          unit="channels"
          note="Your own connected channels; channels shared with you do not count."
        />
      </Box>
      {usage.perChannel.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          Connect a channel to see its people, tracked keywords and AI generations here.
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {usage.perChannel.map((channel) => (
            <Paper
              key={channel.channelId}
              variant="outlined"
              component="section"
              aria-label={`Usage of ${channel.name}`}
              sx={{ p: 2 }}
            >
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mb: 1 }}>
                {channel.name}
              </Typography>
              <UsageBar
                label="People"
                used={channel.people.used}
                limit={channel.people.limit}
                unit="people"
                note="The owner and invitations count."
              />
              <UsageBar
                label="Tracked keywords"
                used={channel.trackedKeywords.used}
                limit={channel.trackedKeywords.limit}
                unit="tracked keywords"
              />
              <UsageBar
                label="AI generations this month"
                used={channel.aiGenerations.used}
                limit={channel.aiGenerations.limit}
                unit="AI generations"
                note={`Starts again on ${formatDate(channel.aiGenerations.resetsAt)}.`}
              />
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
