import { PlaceholderPage } from '../../components/page-heading.tsx';

/** Get started (onboarding route); its feature arrives in a later issue. */
export default function OnboardingPage() {
  return (
    <PlaceholderPage
      title="Get started"
      description="Tell us about your competitors and keywords, then verify your e-mail. The onboarding steps will appear here."
    />
  );
}
