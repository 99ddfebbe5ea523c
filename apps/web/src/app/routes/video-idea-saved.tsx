import { SavedIdeasPage } from '../../features/ideation/saved/saved-ideas-page.tsx';

/** Saved ideas (video idea saved route): folders, saved ideas and their scripts. */
export default function VideoIdeaSavedPage() {
  return <SavedIdeasPage />;
}
