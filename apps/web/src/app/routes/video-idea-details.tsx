import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Idea details (video idea details route); its feature arrives in a later issue. */
export default function VideoIdeaDetailsPage() {
  return (
    <PlaceholderPage
      title="Idea details"
      description="The details of a video idea, with its keywords and a script editor, will appear here."
    />
  );
}
