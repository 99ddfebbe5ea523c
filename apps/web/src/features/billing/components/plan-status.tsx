import type { BillingOverview } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../../lib/format.ts';
import { useBillingPortal } from '../api/billing-portal.ts';
import { intervalAdverb, STANDING_LABELS } from '../billing-format.ts';
import { EXPIRED_TEXT, portalErrorText, trialDaysText } from '../billing-texts.ts';

/** "Manage billing": the payment provider's portal (card, plan, interval, cancellation). */
export function ManageBillingButton({ label = 'Manage billing' }: { label?: string }) {
  const portal = useBillingPortal();
  return (
    <Box>
      <Button
        variant="outlined"
        // The browser is leaving for the portal: keep the progress until it has.
        loading={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate()}
      >
        {label}
      </Button>
      {portal.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {portalErrorText(portal.error)}
        </Alert>
      ) : null}
    </Box>
  );
}

/** What the standing means now: days of trial, the renewal or end, a failed payment, read-only. */
function StandingDetails({ overview }: { overview: BillingOverview }) {
  const { subscription } = overview;
  switch (overview.standing) {
    case 'trialing':
      return (
        <Typography>
          {trialDaysText(overview.trialDaysLeft ?? 0)}
          {overview.trialEndsAt ? ` (it ends on ${formatDate(overview.trialEndsAt)})` : ''}. Choose
          a plan below to keep everything working after it.
        </Typography>
      );
    case 'active': {
      if (!subscription) return <Typography>Your plan is active.</Typography>;
      const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : null;
      const trialEnd =
        subscription.status === 'trialing' && subscription.trialEnd
          ? formatDate(subscription.trialEnd)
          : null;
      return (
        <Typography>
          Billed {intervalAdverb(subscription.interval)}.{' '}
          {subscription.cancelAtPeriodEnd
            ? end
              ? `Cancels on ${end}.`
              : 'Cancels at the end of the period.'
            : trialEnd
              ? `Your first payment is on ${trialEnd}.`
              : end
                ? `Renews on ${end}.`
                : ''}
        </Typography>
      );
    }
    case 'past-due':
      return (
        <Alert
          severity="warning"
          role="status"
          action={overview.billingAvailable ? <ManageBillingButton label="Update card" /> : null}
        >
          <AlertTitle>Your last payment failed</AlertTitle>
          Update your card to keep your {overview.plan.name} plan. Everything keeps working while
          the payment is tried again.
        </Alert>
      );
    case 'expired':
      return (
        <Alert severity="warning" role="status">
          <AlertTitle>Your account is read-only</AlertTitle>
          {EXPIRED_TEXT}
        </Alert>
      );
  }
}

/** The current plan, its standing and, with a subscription, "Manage billing". */
export function PlanStatus({ overview }: { overview: BillingOverview }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h3">
          Current plan: {overview.plan.name}
        </Typography>
        <Chip
          size="small"
          label={STANDING_LABELS[overview.standing]}
          color={
            overview.standing === 'active'
              ? 'success'
              : overview.standing === 'trialing'
                ? 'info'
                : 'warning'
          }
        />
      </Box>
      <StandingDetails overview={overview} />
      {overview.subscription && overview.billingAvailable && overview.standing !== 'past-due' ? (
        <ManageBillingButton />
      ) : null}
      {!overview.billingAvailable ? (
        <Alert severity="info" role="status">
          Payments are not set up on this installation, so plans cannot be bought or changed here.
        </Alert>
      ) : null}
    </Box>
  );
}
