/** The onboarding module's public surface: public onboarding, its account and shared insights. */
export { InsightsService } from './insights.service.ts';
export { OnboardingAccounts } from './onboarding-account.service.ts';
export { createOnboardingServices, type OnboardingServices } from './onboarding.module.ts';
export { registerOnboardingRoutes } from './onboarding.routes.ts';
export { OnboardingService } from './onboarding.service.ts';
export { VerificationService } from './verification.service.ts';
