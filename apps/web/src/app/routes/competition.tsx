import { CompetitionPage as CompetitionView } from '../../features/competition/competition-page.tsx';

/**
 * Competition (competition route). For people with the competition flag only: the route's
 * `flag` makes everyone else get the not-found page and its title (the API refuses them too).
 */
export default function CompetitionPage() {
  return <CompetitionView />;
}
