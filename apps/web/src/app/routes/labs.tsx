import { LabsPage as LabsView } from '../../features/labs/labs-page.tsx';

/**
 * Labs (labs route). For people with the labs flag only: the route's `flag` makes everyone else
 * get the not-found page and its title (the API refuses them too).
 */
export default function LabsPage() {
  return <LabsView />;
}
