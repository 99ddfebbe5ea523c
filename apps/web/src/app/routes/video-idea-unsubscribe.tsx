import { useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { CenteredCard } from '../../components/centered-card.tsx';
import { UnsubscribeForm } from '../../features/ideation/unsubscribe/unsubscribe-page.tsx';

/** The public page the weekly ideas e-mail's unsubscribe link opens (`?token=`). */
export default function VideoIdeaUnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <CenteredCard>
      <Typography variant="h1" component="h1" gutterBottom>
        Unsubscribe from weekly video ideas
      </Typography>
      <UnsubscribeForm token={params.get('token')} />
    </CenteredCard>
  );
}
