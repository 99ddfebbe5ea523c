import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { useBillingOverview } from '../api/billing-overview.ts';
import { BILLING_SECTION_ID } from '../billing-texts.ts';
import { useCheckoutReturn } from '../hooks/use-checkout-return.ts';
import { usePortalReturn } from '../hooks/use-portal-return.ts';
import { useScrollToHash } from '../hooks/use-scroll-to-hash.ts';
import { CheckoutReturnMessage } from './checkout-return-message.tsx';
import { InvoicesTable } from './invoices-table.tsx';
import { PlanCatalogue } from './plan-catalogue.tsx';
import { PlanStatus } from './plan-status.tsx';
import { UsageBars } from './usage-bars.tsx';

function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * "Plan and billing" of the account settings (the element `#billing` the payment page and the
 * billing portal come back to): the checkout return, the current plan and its standing, usage
 * against each limit, the plans, the custom-plan link and the invoices.
 */
export function BillingSection() {
  const overview = useBillingOverview();
  const checkout = useCheckoutReturn();
  usePortalReturn();
  useScrollToHash(BILLING_SECTION_ID, overview.data !== undefined);

  let body: ReactNode;
  if (overview.isPending) {
    body = <Skeleton variant="rounded" height={160} aria-label="Loading your plan" />;
  } else if (overview.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void overview.refetch()}>
            Retry
          </Button>
        }
      >
        We could not load your plan.
      </Alert>
    );
  } else {
    const data = overview.data;
    body = (
      <Stack spacing={4}>
        <PlanStatus overview={data} />
        <Part title="Usage">
          <UsageBars usage={data.usage} />
        </Part>
        <Part title="Plans">
          <PlanCatalogue overview={data} />
          <Typography sx={{ mt: 2 }}>
            <Link component={RouterLink} to={paths.customPlan}>
              Need more? Ask for a custom plan
            </Link>
          </Typography>
        </Part>
        <Part title="Invoices">
          <InvoicesTable />
        </Part>
      </Stack>
    );
  }
  return (
    <>
      <CheckoutReturnMessage state={checkout.state} onClose={checkout.dismiss} />
      {body}
    </>
  );
}
