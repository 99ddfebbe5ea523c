import { useId, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BillingOverview, PlanOffer } from '@tubewise/contract';
import type { BillingInterval, PaidPlanId } from '@tubewise/contract/billing-constants';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../../lib/api-error.ts';
import { billingQueryKeys } from '../api/billing-overview.ts';
import { useBillingPortal } from '../api/billing-portal.ts';
import { useStartCheckout } from '../api/start-checkout.ts';
import {
  bestYearlySaving,
  hasLiveSubscription,
  limitLines,
  priceText,
  savingText,
} from '../billing-format.ts';
import { portalErrorText } from '../billing-texts.ts';
import { ManageBillingButton } from './plan-status.tsx';

function PlanCard({
  offer,
  interval,
  current,
  action,
}: {
  offer: PlanOffer;
  interval: BillingInterval;
  current: boolean;
  action: ReactNode;
}) {
  const titleId = useId();
  const saving = savingText(offer, interval);
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        borderWidth: current ? 2 : 1,
        borderColor: current ? 'primary.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} variant="h3" component="h4">
          {offer.name}
        </Typography>
        {current ? <Chip size="small" color="primary" label="Current plan" /> : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {offer.tagline}
      </Typography>
      <Typography variant="h2" component="p">
        {priceText(offer, interval)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ minHeight: '2.5em' }}>
        {saving ?? ' '}
      </Typography>
      <Box component="ul" aria-label={`What ${offer.name} includes`} sx={{ m: 0, pl: 2.5 }}>
        {limitLines(offer.limits).map((line) => (
          <Typography component="li" variant="body2" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      <Box sx={{ mt: 'auto', pt: 1 }}>{action}</Box>
    </Paper>
  );
}

/** The failure of a checkout in words. */
function checkoutErrorText(err: unknown): string {
  if (isApiError(err) && err.code === 'billing-unavailable') {
    return 'Payments are not set up on this installation, so plans cannot be bought here.';
  }
  return `We could not open the payment page. ${
    isApiError(err) ? err.message : 'Something went wrong. Please try again.'
  }`;
}

/** What the plans say while the subscription is set to end (the portal renews it first). */
export const CANCELING_PLAN_TEXT =
  'Your plan is set to end: renew it in the billing portal ("Switch to" opens it), then change plans there.';

/**
 * The paid plans with a monthly/yearly switch: prices, the yearly saving, limits, the current
 * plan marked. Without a live subscription "Choose <plan>" goes to the payment page; with one,
 * another plan is a change in the billing portal ("Switch to <plan>").
 */
export function PlanCatalogue({ overview }: { overview: BillingOverview }) {
  const queryClient = useQueryClient();
  const [interval, setBillingInterval] = useState<BillingInterval>(
    overview.subscription?.interval ?? 'month',
  );
  const checkout = useStartCheckout();
  const portal = useBillingPortal();
  const live = hasLiveSubscription(overview);
  const saving = bestYearlySaving(overview.plans);
  const alreadySubscribed =
    isApiError(checkout.error) && checkout.error.code === 'already-subscribed';

  // The plan whose button was pressed. The browser is leaving for the payment page or the
  // portal: the progress stays until it has.
  const [chosen, setChosen] = useState<PaidPlanId | null>(null);
  const leaving = checkout.isPending || checkout.isSuccess || portal.isPending || portal.isSuccess;
  const pending = leaving ? chosen : null;

  const choose = (plan: PaidPlanId): void => {
    setChosen(plan);
    portal.reset();
    checkout.mutate(
      { plan, interval },
      {
        // The overview was out of date: show the live subscription's ways.
        onError: (err) => {
          if (isApiError(err) && err.code === 'already-subscribed') {
            void queryClient.invalidateQueries({ queryKey: billingQueryKeys.overview() });
          }
        },
      },
    );
  };
  const switchTo = (plan: PaidPlanId): void => {
    setChosen(plan);
    checkout.reset();
    portal.mutate();
  };

  const actionOf = (offer: PlanOffer, current: boolean) => {
    if (!overview.billingAvailable) return null;
    if (live && current) return null;
    const name = live ? `Switch to ${offer.name}` : `Choose ${offer.name}`;
    return (
      <Button
        variant={live ? 'outlined' : 'contained'}
        fullWidth
        loading={pending === offer.id}
        disabled={pending !== null && pending !== offer.id}
        onClick={() => (live ? switchTo(offer.id) : choose(offer.id))}
      >
        {name}
      </Button>
    );
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-label="Billing interval"
          value={interval}
          onChange={(_e, next: BillingInterval | null) => next && setBillingInterval(next)}
        >
          <ToggleButton value="month">Monthly</ToggleButton>
          <ToggleButton value="year">Yearly</ToggleButton>
        </ToggleButtonGroup>
        {saving > 0 ? (
          <Typography variant="body2" color="text.secondary">
            Save up to {saving}% with yearly billing.
          </Typography>
        ) : null}
      </Box>
      {live && overview.billingAvailable ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {overview.subscription?.cancelAtPeriodEnd
            ? CANCELING_PLAN_TEXT
            : 'You have a subscription: plan and billing interval changes are made in the billing portal.'}
        </Typography>
      ) : null}
      {checkout.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={alreadySubscribed ? <ManageBillingButton /> : undefined}
        >
          {alreadySubscribed
            ? 'You already have a subscription: change your plan in Manage billing.'
            : checkoutErrorText(checkout.error)}
        </Alert>
      ) : null}
      {portal.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {portalErrorText(portal.error)}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {overview.plans.map((offer) => {
          const current = overview.plan.id === offer.id;
          return (
            <PlanCard
              key={offer.id}
              offer={offer}
              interval={interval}
              current={current}
              action={actionOf(offer, current)}
            />
          );
        })}
      </Box>
    </Box>
  );
}
