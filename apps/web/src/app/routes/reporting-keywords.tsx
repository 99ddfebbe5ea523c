import { TrackedKeywordsPage } from '../../features/tracked-keywords/tracked-keywords-page.tsx';

/** Keywords (reporting keywords route): the channel's tracked keywords, added and deleted here. */
export default function ReportingKeywordsPage() {
  return <TrackedKeywordsPage />;
}
