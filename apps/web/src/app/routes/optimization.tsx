import { PageHeading } from '../../components/page-heading.tsx';
import { VideoOptimizationList } from '../../features/optimization/list/video-list.tsx';

/** Optimization: the active channel's videos to optimise, with tabs, filters and sorting. */
export default function OptimizationPage() {
  return (
    <>
      <PageHeading title="Optimization">
        Pick a video to improve its title, description, tags and thumbnail.
      </PageHeading>
      <VideoOptimizationList />
    </>
  );
}
