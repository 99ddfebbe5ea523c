import { OnboardingPage as Onboarding } from '../../features/onboarding/components/onboarding-page.tsx';

/** Get started: the public onboarding (competitors, keywords, language, e-mail, insights). */
export default function OnboardingPage() {
  return <Onboarding />;
}
