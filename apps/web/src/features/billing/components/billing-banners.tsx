import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import type { BillingOverview } from '@tubewise/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { paths, PLANS_HREF } from '../../../config/paths.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useUser } from '../../../lib/user.ts';
import { useBillingOverview } from '../api/billing-overview.ts';
import { useBillingPortal } from '../api/billing-portal.ts';
import {
  EXPIRED_TEXT,
  portalErrorText,
  TRIAL_BANNER_DAYS,
  trialDaysText,
} from '../billing-texts.ts';

/** Where the dismissed trial reminder is remembered (per day left, so the next day shows again). */
export const TRIAL_BANNER_STORAGE_KEY = 'tw.trial-banner-dismissed';

/** The trial reminder's identity: it shows again when the days left change. */
function trialBannerId(overview: BillingOverview): string {
  return `${overview.trialEndsAt ?? ''}|${overview.trialDaysLeft ?? ''}`;
}

function ChoosePlanButton() {
  return (
    <Button component={RouterLink} to={PLANS_HREF} color="inherit" size="small" variant="outlined">
      Choose a plan
    </Button>
  );
}

function PastDueBanner({ overview }: { overview: BillingOverview }) {
  const portal = useBillingPortal();
  return (
    <>
      <Alert
        severity="warning"
        role="status"
        sx={{ mb: 2 }}
        action={
          overview.billingAvailable ? (
            <Button
              color="inherit"
              size="small"
              variant="outlined"
              loading={portal.isPending || portal.isSuccess}
              onClick={() => portal.mutate()}
            >
              Update card
            </Button>
          ) : undefined
        }
      >
        Your last payment failed. Update your card to keep your {overview.plan.name} plan;
        everything keeps working while the payment is tried again.
      </Alert>
      {portal.isError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {portalErrorText(portal.error)}
        </Alert>
      ) : null}
    </>
  );
}

/**
 * The app-wide billing banners under the header: the ended trial (read-only, until a plan is
 * chosen), a failed payment (update the card), and the trial's last days (dismissible). Loaded
 * lazily by the app shell, so the entry chunk does not grow. Not on the account settings, whose
 * plan status says the same with its own way out (the banner would repeat it word for word).
 */
export default function BillingBanners() {
  const signedIn = Boolean(useUser().data);
  const { data } = useBillingOverview({ enabled: signedIn });
  const [dismissed, setDismissed] = useState(() => readStorage(TRIAL_BANNER_STORAGE_KEY));
  const onSettings = useLocation().pathname === paths.settingsAccount;
  if (!data || !signedIn || onSettings) return null;

  if (data.standing === 'expired') {
    return (
      <Alert severity="warning" role="status" sx={{ mb: 2 }} action={<ChoosePlanButton />}>
        {EXPIRED_TEXT}
      </Alert>
    );
  }
  if (data.standing === 'past-due') return <PastDueBanner overview={data} />;
  if (
    data.standing === 'trialing' &&
    data.trialDaysLeft !== null &&
    data.trialDaysLeft <= TRIAL_BANNER_DAYS &&
    dismissed !== trialBannerId(data)
  ) {
    const dismiss = (): void => {
      const id = trialBannerId(data);
      writeStorage(TRIAL_BANNER_STORAGE_KEY, id);
      setDismissed(id);
    };
    return (
      <Alert severity="info" role="status" sx={{ mb: 2 }} onClose={dismiss} closeText="Dismiss">
        {trialDaysText(data.trialDaysLeft)}.{' '}
        <Link component={RouterLink} to={PLANS_HREF} color="inherit" underline="always">
          Choose a plan
        </Link>{' '}
        to keep publishing, AI suggestions and rank checks after it.
      </Alert>
    );
  }
  return null;
}
