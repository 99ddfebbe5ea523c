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
 * The e-mailed link's first screen: nothing is checked until the person confirms, because the
 * link works once and mail scanners that open links (and run their scripts) would use it up.
 */
function ConfirmLink({ pending, onConfirm }: { pending: boolean; onConfirm: () => void }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    buttonRef.current?.focus();
  }, []);
  return (
    <Box component="section" aria-labelledby="confirm-link-heading">
      <Typography id="confirm-link-heading" variant="h2" component="h2" gutterBottom>
        Confirm your e-mail
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        You opened the link from our e-mail. Confirm to see your insights in this browser.
      </Typography>
      <Button
        ref={buttonRef}
        variant="contained"
        size="large"
        aria-disabled={pending || undefined}
        onClick={() => {
          if (!pending) onConfirm();
        }}
      >
        {pending ? 'Checking your link…' : 'Confirm my e-mail'}
      </Button>
      {/* Mounted from the start, so the check is announced. */}
      <Typography role="status" sx={{ mt: 2 }}>
        {pending ? 'Checking your link…' : ''}
      </Typography>
      {pending ? <PageLoader /> : null}
    </Box>
  );
}

/**
 * The public onboarding. An e-mailed link (?token=…) first asks the person to confirm, then is
 * checked (it binds the onboarding to this browser session); then the session's onboarding is
 * resumed or started, with its loading and error states, and the steps take over.
 */
export function OnboardingPage() {
  const { productName } = usePublicConfig();
  const [params, setParams] = useSearchParams();
  const linkToken = params.get('token');
  const link = useValidateEmailToken();

  const confirmLink = () => {
    if (!linkToken) return;
    link.mutate(linkToken, {
      // The token is single-use: keep it out of the address bar and history.
      onSettled: () => setParams({}, { replace: true }),
    });
  };

  const checkingLink = Boolean(linkToken) || link.isPending;
  const onboarding = useOnboarding(!checkingLink);
  const linkFailed = link.isError || (link.isSuccess && !link.data.token);

  let content;
  if (checkingLink) {
    content = <ConfirmLink pending={link.isPending} onConfirm={confirmLink} />;
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
