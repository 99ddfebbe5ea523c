/** Where in the onboarding the visitor is, and where a resumed onboarding starts. */
import type { Onboarding } from '@tubewise/contract';

/** The onboarding's screens: the four steps, the code check, and the insights. */
export type OnboardingPhase =
  'competitors' | 'keywords' | 'locale' | 'email' | 'verify' | 'insights';

/** The stepper's active step for a phase (4 = every step done). */
export const PHASE_STEP: Record<OnboardingPhase, number> = {
  competitors: 0,
  keywords: 1,
  locale: 2,
  email: 3,
  verify: 3,
  insights: 4,
};

/** Where a loaded onboarding resumes: the first thing still missing. */
export function resumePhase(onboarding: Onboarding): OnboardingPhase {
  if (onboarding.onboarded) return 'insights';
  if (onboarding.email && onboarding.tosTimestamp) return 'verify';
  if (onboarding.competitors.length === 0) return 'competitors';
  if (onboarding.keywords.length === 0) return 'keywords';
  return 'locale';
}

/** The first step an onboarding still lacks (after a 409 onboarding-incomplete). */
export function missingPhase(onboarding: Onboarding): OnboardingPhase {
  return onboarding.competitors.length === 0 ? 'competitors' : 'keywords';
}
