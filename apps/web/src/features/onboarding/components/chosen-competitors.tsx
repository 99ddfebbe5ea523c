import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OnboardingCompetitor } from '@tubewise/contract';
import { ONBOARDING_COMPETITORS_MAX } from '@tubewise/contract/onboarding-constants';
import { ChannelAvatar } from '../../../components/channel-search/channel-avatar.tsx';

/** The competitors chosen so far ("2 of 5 chosen"), each with Remove. */
export function ChosenCompetitors({
  competitors,
  onRemove,
}: {
  competitors: OnboardingCompetitor[];
  onRemove: (youtubeId: string) => void;
}) {
  return (
    <Box component="section" aria-labelledby="chosen-competitors" sx={{ mt: 3 }}>
      <Typography id="chosen-competitors" variant="h3" component="h3" gutterBottom>
        Your competitors
      </Typography>
      <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
        {competitors.length} of {ONBOARDING_COMPETITORS_MAX} chosen
      </Typography>
      {competitors.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {competitors.map((competitor) => (
            <Box
              component="li"
              key={competitor.youtubeId}
              sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
            >
              <ChannelAvatar src={competitor.thumbnailUrl} size={32} />
              <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {competitor.title}
              </Typography>
              <Button
                size="small"
                color="inherit"
                aria-label={`Remove ${competitor.title}`}
                onClick={() => onRemove(competitor.youtubeId)}
              >
                Remove
              </Button>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
