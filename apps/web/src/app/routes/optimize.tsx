import { lazy } from 'react';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePublicConfig } from '../../lib/public-config.ts';

// Loaded only when the feature is on, so the redirect does not download the queue and editor.
const OptimizeQueuePage = lazy(() =>
  import('../../features/optimization/optimize/optimize-page.tsx').then((m) => ({
    default: m.OptimizePage,
  })),
);

/** The new optimize page; without the newOptimizePage feature users get the classic list. */
export default function OptimizePage() {
  const { features } = usePublicConfig();
  if (!features.newOptimizePage) return <Navigate to={paths.optimization} replace />;
  return <OptimizeQueuePage />;
}
