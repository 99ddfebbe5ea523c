import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../components/centered-card.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';

/** The login page. */
export default function LoginPage() {
  const { productName } = usePublicConfig();
  return (
    <CenteredCard>
      <Typography variant="h1" component="h1" gutterBottom>
        Log in to {productName}
      </Typography>
      <LoginForm />
    </CenteredCard>
  );
}
