import { PageHeading } from '../../components/page-heading.tsx';
import { usePublicConfig } from '../../lib/public-config.ts';
import { IdeaDiscover } from '../../features/ideation/discover/idea-discover.tsx';

/** Ideation (video idea discover route): ideas from seed keywords or the channel's topics. */
export default function VideoIdeaDiscoverPage() {
  const maxSeeds = usePublicConfig().limits.ideaSeedsMax;
  return (
    <>
      <PageHeading title="Ideation">
        Enter up to {maxSeeds} seed keywords to find video ideas people search for, ranked by
        opportunity.
      </PageHeading>
      <IdeaDiscover />
    </>
  );
}
