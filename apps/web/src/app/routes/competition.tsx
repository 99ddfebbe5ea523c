import { COMPETITION_FLAG } from '@tubewise/contract/onboarding-constants';
import { CompetitionPage as CompetitionView } from '../../features/competition/competition-page.tsx';
import { parseFlags, useUser } from '../../lib/user.ts';
import NotFoundPage from './not-found.tsx';

/**
 * Competition (competition route), for people with the competition flag only: everyone else gets
 * the not-found page, as if the route did not exist (the API refuses them too).
 */
export default function CompetitionPage() {
  const user = useUser().data;
  if (!user) return null;
  return parseFlags(user.flags).has(COMPETITION_FLAG) ? <CompetitionView /> : <NotFoundPage />;
}
