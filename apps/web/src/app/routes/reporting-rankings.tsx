import { RankingsPage } from '../../features/keyword-rankings/rankings-page.tsx';

/** Keyword rankings (reporting rankings route): summary, table and each keyword's results. */
export default function ReportingRankingsPage() {
  return <RankingsPage />;
}
