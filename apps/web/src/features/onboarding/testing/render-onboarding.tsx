/** Test helpers of the onboarding: a clean fake API and browser session, and the page rendered. */
import { beforeEach } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Onboarding } from '@tubewise/contract';
import {
  ONBOARDING_ID_STORAGE_KEY,
  ONBOARDING_SESSION_STORAGE_KEY,
} from '@tubewise/contract/onboarding-constants';
import { renderWithProviders } from '../../../testing/render-app.tsx';
import { buildPublicConfig } from '../../../testing/data.ts';
import {
  buildOnboarding,
  onboardingApi,
  onboardingHandlers,
  resetOnboardingApi,
} from '../../../testing/onboarding-server.ts';
import { server } from '../../../testing/server.ts';
import { OnboardingPage } from '../components/onboarding-page.tsx';
import {
  resetOnboardingSessionForTests,
  ONBOARDING_TOKEN_STORAGE_KEY,
} from '../onboarding-session.ts';

/** The browser session id the tests resume with. */
export const SESSION_ID = '5d1e6f0a-1b2c-4d3e-8f40-5a6b7c8d9e0f';

/** Installs the fake onboarding API and empties the browser session before each test. */
export function installOnboardingTestApi(): void {
  beforeEach(() => {
    sessionStorage.clear();
    resetOnboardingSessionForTests();
    resetOnboardingApi();
    server.use(...onboardingHandlers());
  });
}

/**
 * Stores an onboarding on the fake server and as this browser session's, as if the visitor had
 * come this far before a reload (with the owner token when `token` is given).
 */
export function resumeWith(overrides: Partial<Onboarding>, token?: string): Onboarding {
  const onboarding = buildOnboarding({ sessionId: SESSION_ID, ...overrides });
  onboardingApi.onboarding = onboarding;
  sessionStorage.setItem(ONBOARDING_SESSION_STORAGE_KEY, SESSION_ID);
  sessionStorage.setItem(ONBOARDING_ID_STORAGE_KEY, onboarding.id);
  if (token) sessionStorage.setItem(ONBOARDING_TOKEN_STORAGE_KEY, token);
  return onboarding;
}

/** Renders the onboarding page signed out at `entry`, with a user-event instance. */
export function renderOnboarding(entry = '/onboarding') {
  const user = userEvent.setup();
  const utils = renderWithProviders(<OnboardingPage />, entry, {
    user: null,
    config: buildPublicConfig(),
  });
  return { user, ...utils };
}

/** The current step's heading (h2). */
export const stepHeading = (name: string | RegExp) =>
  screen.findByRole('heading', { level: 2, name });
