import { MovementPage } from '../../features/rankings-movement/movement-page.tsx';

/** Rankings (new rankings route): the movement view of the tracked keywords' ranks. */
export default function NewRankingsPage() {
  return <MovementPage />;
}
