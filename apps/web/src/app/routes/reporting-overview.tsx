import { lazy, Suspense } from 'react';
import { OverviewPage } from '../../features/reporting-overview/overview-page.tsx';

// A chunk of its own: the YouTube figures at the top of the page do not wait for its code.
const GoogleSearchSection = lazy(
  () => import('../../features/search-console/google-search-section.tsx'),
);

/**
 * Reporting (reporting overview route): organic search performance and its monetary value, then
 * the Google search section (Search Console).
 */
export default function ReportingOverviewPage() {
  return (
    <OverviewPage
      googleSearch={
        <Suspense fallback={null}>
          <GoogleSearchSection />
        </Suspense>
      }
    />
  );
}
