import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../components/page-heading.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useUser } from '../../lib/user.ts';
import { LARGEST_PLAN } from '../../features/custom-plan/custom-plan-fields.ts';
import { CustomPlanForm } from '../../features/custom-plan/components/custom-plan-form.tsx';

/** Custom plan: what the largest plan includes, and a request for more. */
export default function CustomPlanPage() {
  const email = useUser().data?.email;
  const { name, limits } = LARGEST_PLAN;
  return (
    <Box sx={{ py: 2 }}>
      <PageHeading title="Custom plan">
        Our largest plan, {name}, includes {formatNumber(limits.channels)} channels,{' '}
        {formatNumber(limits.peoplePerChannel)} people and{' '}
        {formatNumber(limits.trackedKeywordsPerChannel)} tracked keywords per channel, and{' '}
        {formatNumber(limits.aiGenerationsPerMonth)} AI generations per channel a month.
      </PageHeading>
      <Typography sx={{ mb: 3, maxWidth: 640 }}>
        Need more? Tell us what you need and we will put together a plan for you
        {email ? (
          <>
            {' '}
            and answer you at <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>
          </>
        ) : null}
        .
      </Typography>
      <CustomPlanForm />
    </Box>
  );
}
