import { Link as RouterLink } from 'react-router';
import type { AiEligibility, AiIneligibleReason } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SeePlansLink } from '../../../../components/plan-error.tsx';
import { paths, PLANS_HREF } from '../../../../config/paths.ts';
import {
  AI_QUOTA_UPGRADE_TEXT,
  AI_READ_ONLY_TEXT,
  formatQuotaReset,
  quotaLeftText,
  quotaUsedText,
  videoTooLongText,
} from '../ai-texts.ts';
import { ReconnectButton } from './editor-messages.tsx';

/** One condition that keeps the video from getting suggestions, in words, with its way out. */
function ReasonText({
  reason,
  eligibility,
  channelId,
  durationSeconds,
}: {
  reason: AiIneligibleReason;
  eligibility: AiEligibility;
  channelId: string;
  durationSeconds: number | null;
}) {
  switch (reason.code) {
    case 'no-permission':
      return (
        <>
          You have not allowed the AI to read your videos&apos; metadata and captions.{' '}
          <Link component={RouterLink} to={paths.settingsAccount} color="inherit">
            Allow it in your account settings
          </Link>
        </>
      );
    case 'video-too-long':
      return (
        <>
          {videoTooLongText(
            eligibility.durationSeconds ?? durationSeconds,
            eligibility.maxVideoMinutes,
          )}
        </>
      );
    case 'account-read-only':
      return (
        <>
          {AI_READ_ONLY_TEXT}{' '}
          <Link component={RouterLink} to={PLANS_HREF} color="inherit">
            Choose a plan
          </Link>
        </>
      );
    case 'channel-disconnected':
      return (
        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <span>
            The channel needs to be reconnected to YouTube before the AI can read the video.
          </span>
          <ReconnectButton channelId={channelId} />
        </Box>
      );
    default:
      return <>{reason.message}</>;
  }
}

/**
 * The month's quota ("12 of 50 generations left this month", or the quota-exceeded state with
 * the usage and when it starts again) and, when the video cannot get suggestions now, every
 * condition that fails in words, each with its way out (settings, reconnect).
 */
export function AiEligibilityNotice({
  eligibility,
  channelId,
  durationSeconds,
  quotaId,
}: {
  eligibility: AiEligibility;
  channelId: string;
  durationSeconds: number | null;
  /** Id of the quota line, for the generate button's `aria-describedby`. */
  quotaId: string;
}) {
  const { quota, reasons } = eligibility;
  const exceeded = quota.exceeded || reasons.some((r) => r.code === 'quota-exceeded');
  const others = reasons.filter((r) => r.code !== 'quota-exceeded');
  return (
    <>
      {exceeded ? (
        <Alert severity="warning" role="status" id={quotaId} sx={{ mb: 2 }}>
          <AlertTitle>Quota exceeded</AlertTitle>
          {quotaUsedText(quota)}. You can generate again from {formatQuotaReset(quota.resetsAt)}.
          <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
            {AI_QUOTA_UPGRADE_TEXT} <SeePlansLink />
          </Box>
        </Alert>
      ) : (
        <Typography id={quotaId} variant="body2" sx={{ mb: 2 }}>
          {quotaLeftText(quota)}
        </Typography>
      )}
      {others.length > 0 || (!eligibility.eligible && !exceeded) ? (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          <AlertTitle>This video cannot get AI suggestions now</AlertTitle>
          {others.length > 0 ? (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {others.map((reason) => (
                <Box component="li" key={reason.code} sx={{ mb: 0.5 }}>
                  <ReasonText
                    reason={reason}
                    eligibility={eligibility}
                    channelId={channelId}
                    durationSeconds={durationSeconds}
                  />
                </Box>
              ))}
            </Box>
          ) : (
            'Please try again later.'
          )}
        </Alert>
      ) : null}
    </>
  );
}
