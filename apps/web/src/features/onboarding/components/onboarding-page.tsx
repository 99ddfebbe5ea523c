import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormMessage } from '../../../components/form-message.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useOnboarding } from '../api/onboarding-query.ts';
import { useValidateEmailToken } from '../api/verify-email.ts';
import { callErrorText } from '../call-error-text.ts';
import { LINK_INVALID_TEXT, START_FAILED_TEXT } from '../onboarding-texts.ts';
import { OnboardingSteps } from './onboarding-steps.tsx';

/**
 * The public onboarding. An e-mailed link (?token=…) is checked first (it binds the onboarding
 * to this browser session); then the session's onboarding is resumed or started, with its
 * loading and error states, and the steps take over.
 */
export function OnboardingPage() {
  const { productName } = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const linkToken = params.get('token');
  const link = useValidateEmailToken();
  const linkStarted = useRef(false);

  useEffect(() => {
    if (!linkToken || linkStarted.current) return;
    linkStarted.current = true;
    link.mutate(linkToken, {
      // The token is single-use: keep it out of the address bar and history.
      onSettled: () => setParams({}, { replace: true }),
    });
  }, [linkToken, link, setParams]);

  const checkingLink = Boolean(linkToken) || link.isPending;
  const onboarding = useOnboarding(!checkingLink);
  const linkFailed = link.isError || (link.isSuccess && !link.data.token);

  let content;
  if (checkingLink) {
    content = (
      <Box role="status">
        <Typography sx={{ mb: 1 }}>Checking your link…</Typography>
        <PageLoader />
      </Box>
    );
  } else if (onboarding.isPending) {
    content = <PageLoader />;
  } else if (onboarding.isError) {
    content = (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
        <FormMessage severity="error">
          {callErrorText(onboarding.error, START_FAILED_TEXT)}
        </FormMessage>
        <Button variant="outlined" onClick={() => void onboarding.refetch()}>
          Try again
        </Button>
      </Box>
    );
  } else {
    content = <OnboardingSteps key={onboarding.data.id} onboarding={onboarding.data} />;
  }

  return (
    <Box sx={{ px: { xs: 2, sm: 4 }, py: { xs: 2, sm: 4 }, maxWidth: 960, mx: 'auto' }}>
      <Typography sx={{ fontWeight: 700, color: 'primary.main', mb: 2 }}>{productName}</Typography>
      <Typography variant="h1" component="h1" gutterBottom>
        Get your YouTube insights
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        See how you and your competitors rank for the keywords that matter to you. Free, no channel
        connection needed.
      </Typography>
      {linkFailed ? (
        <Box sx={{ mb: 3 }}>
          <FormMessage severity="error">{LINK_INVALID_TEXT}</FormMessage>
        </Box>
      ) : null}
      {content}
    </Box>
  );
}
