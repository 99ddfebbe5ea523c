import { PageHeading } from '../../components/page-heading.tsx';
import { MAX_SEEDS } from '../../features/ideation/discover/constants.ts';
import { IdeaDiscover } from '../../features/ideation/discover/idea-discover.tsx';

/** Ideation (video idea discover route): ideas from seed keywords or the channel's topics. */
export default function VideoIdeaDiscoverPage() {
  return (
    <>
      <PageHeading title="Ideation">
        Enter up to {MAX_SEEDS} seed keywords to find video ideas people search for, ranked by
        opportunity.
      </PageHeading>
      <IdeaDiscover />
    </>
  );
}
