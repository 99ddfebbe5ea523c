import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PageName } from './route-table.ts';

/** Every page, lazily loaded so each route downloads only its own code. */
export const pages: Record<PageName, LazyExoticComponent<ComponentType>> = {
  login: lazy(() => import('./routes/login.tsx')),
  'forget-password': lazy(() => import('./routes/forget-password.tsx')),
  'set-password': lazy(() => import('./routes/set-password.tsx')),
  onboarding: lazy(() => import('./routes/onboarding.tsx')),
  'setup-step1': lazy(() => import('./routes/setup-step1.tsx')),
  'reconnect-channel': lazy(() => import('./routes/reconnect-channel.tsx')),
  optimization: lazy(() => import('./routes/optimization.tsx')),
  'optimization-video': lazy(() => import('./routes/optimization-video.tsx')),
  optimize: lazy(() => import('./routes/optimize.tsx')),
  'reporting-overview': lazy(() => import('./routes/reporting-overview.tsx')),
  'reporting-keywords': lazy(() => import('./routes/reporting-keywords.tsx')),
  'reporting-rankings': lazy(() => import('./routes/reporting-rankings.tsx')),
  'new-rankings': lazy(() => import('./routes/new-rankings.tsx')),
  'settings-account': lazy(() => import('./routes/settings-account.tsx')),
  'settings-channels': lazy(() => import('./routes/settings-channels.tsx')),
  'video-idea-discover': lazy(() => import('./routes/video-idea-discover.tsx')),
  'video-idea-details': lazy(() => import('./routes/video-idea-details.tsx')),
  'video-idea-saved': lazy(() => import('./routes/video-idea-saved.tsx')),
  'video-idea-settings': lazy(() => import('./routes/video-idea-settings.tsx')),
  'video-idea-unsubscribe': lazy(() => import('./routes/video-idea-unsubscribe.tsx')),
  'custom-plan': lazy(() => import('./routes/custom-plan.tsx')),
  labs: lazy(() => import('./routes/labs.tsx')),
  competition: lazy(() => import('./routes/competition.tsx')),
  'not-found': lazy(() => import('./routes/not-found.tsx')),
  'service-discontinuation': lazy(() => import('./routes/service-discontinuation.tsx')),
  'share-insights': lazy(() => import('./routes/share-insights.tsx')),
};

/** The lazily loaded app shell (navigation + header), kept out of the sign-in pages' code. */
export const LazyAppShell = lazy(() => import('./layout/app-shell.tsx'));
