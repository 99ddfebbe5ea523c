import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../components/centered-card.tsx';
import { ForgetPasswordForm } from '../../features/auth/components/forget-password-form.tsx';

/** The password reset request page. */
export default function ForgetPasswordPage() {
  return (
    <CenteredCard>
      <Typography variant="h1" component="h1" gutterBottom>
        Reset your password
      </Typography>
      <ForgetPasswordForm />
    </CenteredCard>
  );
}
