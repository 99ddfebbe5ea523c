import { IdeaDetails } from '../../features/ideation/details/idea-details.tsx';

/** Idea details (video idea details route): one idea's figures, trend, competition and actions. */
export default function VideoIdeaDetailsPage() {
  return <IdeaDetails />;
}
