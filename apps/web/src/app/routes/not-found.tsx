import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../components/centered-card.tsx';
import { paths } from '../../config/paths.ts';

/** The 404 page (also rendered for any unknown path). */
export default function NotFoundPage() {
  return (
    <CenteredCard>
      <Typography variant="h1" component="h1" gutterBottom>
        Page not found
      </Typography>
      <Typography sx={{ mb: 3 }} color="text.secondary">
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={RouterLink} to={paths.home} variant="contained">
        Back to home
      </Button>
    </CenteredCard>
  );
}
