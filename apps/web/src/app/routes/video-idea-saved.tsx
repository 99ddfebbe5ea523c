import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Saved ideas (video idea saved route); its feature arrives in a later issue. */
export default function VideoIdeaSavedPage() {
  return (
    <PlaceholderPage
      title="Saved ideas"
      description="The ideas you saved, organised in folders, will be listed here."
    />
  );
}
