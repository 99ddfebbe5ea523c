import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../components/centered-card.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';

/** Notice for accounts the product no longer serves (only-v2 setting). */
export default function ServiceDiscontinuationPage() {
  const { productName, supportEmail } = usePublicConfig();
  return (
    <CenteredCard maxWidth={560}>
      <Typography variant="h1" component="h1" gutterBottom>
        This service has been discontinued
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {productName} is no longer available for your account. Your data is safe and has not been
        deleted.
      </Typography>
      <Typography>
        For questions about your account, your data or moving to the new plans, contact us at{' '}
        <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>.
      </Typography>
    </CenteredCard>
  );
}
