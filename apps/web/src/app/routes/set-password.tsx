import { useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../components/centered-card.tsx';
import { SetPasswordForm } from '../../features/auth/components/set-password-form.tsx';

/** The set-password page reached from the e-mail link (`?token=`). */
export default function SetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <CenteredCard>
      <Typography variant="h1" component="h1" gutterBottom>
        Set a new password
      </Typography>
      <SetPasswordForm token={params.get('token')} />
    </CenteredCard>
  );
}
