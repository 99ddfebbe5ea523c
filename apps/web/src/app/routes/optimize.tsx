import { Navigate } from 'react-router';
import { PlaceholderPage } from '../../components/page-heading.tsx';
import { paths } from '../../config/paths.ts';
import { usePublicConfig } from '../../lib/public-config.ts';

/** The new optimize page; without the newOptimizePage feature users get the classic list. */
export default function OptimizePage() {
  const { features } = usePublicConfig();
  if (!features.newOptimizePage) return <Navigate to={paths.optimization} replace />;
  return (
    <PlaceholderPage
      title="Optimize"
      description="Edit a video's title, description, tags and thumbnail against recommendations here."
    />
  );
}
