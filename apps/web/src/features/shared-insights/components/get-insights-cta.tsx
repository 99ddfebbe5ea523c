import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { paths } from '../../../config/paths.ts';
import { GET_INSIGHTS_CTA } from '../shared-insights-texts.ts';

/** The invitation to make one's own report: a short pitch and "Get your own insights". */
export function GetInsightsCta() {
  return (
    <Paper
      component="aside"
      aria-label="Your own insights"
      variant="outlined"
      sx={{
        p: { xs: 2, sm: 3 },
        my: 3,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
      }}
    >
      <Typography sx={{ flex: '1 1 280px' }}>
        Choose your competitors and keywords and see where you stand on YouTube, free.
      </Typography>
      <Button component={RouterLink} to={paths.onboarding} variant="contained" size="large">
        {GET_INSIGHTS_CTA}
      </Button>
    </Paper>
  );
}
