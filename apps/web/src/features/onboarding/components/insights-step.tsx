import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Onboarding } from '@tubewise/contract';
import { InsightsProgress } from '../../../components/insights/insights-progress.tsx';
import { SharingStopped } from '../../../components/insights/sharing-stopped.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { readOwnerToken } from '../onboarding-session.ts';
import { CreateAccountForm } from './create-account-form.tsx';
import { OnboardingReport } from './onboarding-report.tsx';
import { ShareLink } from './share-link.tsx';
import { StepHeading } from './step-heading.tsx';

// Its confirmation dialog (MUI Modal) loads only for the owner, as on the shared page.
const StopSharingButton = lazy(() =>
  import('../../../components/insights/stop-sharing-button.tsx').then((m) => ({
    default: m.StopSharingButton,
  })),
);

/**
 * After verification: sharing (link, copy, "Stop sharing"), "Create my account", and the report
 * as it is made. Without the owner token (another tab) only the report and link are shown.
 */
export function InsightsStep({
  onboarding,
  focusHeading,
}: {
  onboarding: Onboarding;
  focusHeading: boolean;
}) {
  const token = readOwnerToken();
  const insights = onboarding.insights;
  const [stopped, setStopped] = useState(Boolean(insights?.revoked));
  // Stopped here and now (not found stopped on load): the status takes the button's focus.
  const [stoppedHere, setStoppedHere] = useState(false);

  return (
    <Box>
      <StepHeading focus={focusHeading}>Your insights</StepHeading>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your e-mail is verified. Here is where you stand against your competitors for your keywords.
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 4 }}
      >
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="share-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="share-heading" variant="h3" component="h3" gutterBottom>
            Share your insights
          </Typography>
          {insights && !stopped ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Anyone with the link can see the report until {formatDate(insights.expiresAt)}.
              </Typography>
              <ShareLink insightsId={insights.id} />
              {token ? (
                <Suspense fallback={null}>
                  <StopSharingButton
                    insightsId={insights.id}
                    token={token}
                    onStopped={() => {
                      setStopped(true);
                      setStoppedHere(true);
                    }}
                  />
                </Suspense>
              ) : null}
            </>
          ) : stopped ? (
            <SharingStopped focus={stoppedHere} />
          ) : (
            <Typography color="text.secondary">
              The link appears once the report is started.
            </Typography>
          )}
        </Paper>
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="account-heading"
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography id="account-heading" variant="h3" component="h3" gutterBottom>
            Create my account
          </Typography>
          {onboarding.accountCreated ? (
            <Typography>
              An account was already created from these insights.{' '}
              <Link component={RouterLink} to={paths.login}>
                Log in
              </Link>
            </Typography>
          ) : token ? (
            <>
              <Typography color="text.secondary" sx={{ mb: 2 }}>
                Track these keywords and competitors every day. Your keywords and competitors are
                carried over once you connect your channel.
              </Typography>
              <CreateAccountForm onboardingId={onboarding.id} token={token} />
            </>
          ) : (
            <Typography>
              Open the link from your e-mail in this browser to create your account.
            </Typography>
          )}
        </Paper>
      </Box>
      {insights && !stopped ? (
        <OnboardingReport insightsId={insights.id} />
      ) : !insights ? (
        <InsightsProgress insights={{ progress: { done: 0, total: 0 } }} />
      ) : null}
    </Box>
  );
}
