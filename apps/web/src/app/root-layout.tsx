import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { setTrackingContextProvider, type TrackingContext } from '../lib/tracking.ts';
import { useUser } from '../lib/user.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { useActiveChannel } from '../lib/channels/use-active-channel.ts';
import { GlobalEventNotices } from './notices/global-event-notices.tsx';
import { hasOAuthReturnParams } from './notices/oauth-params.ts';

/** Feeds the signed-in e-mail and active channel into every tracking payload. */
function TrackingContextSync() {
  const user = useUser(false).data;
  const { activeChannel } = useActiveChannel(Boolean(user));
  const context = useRef<TrackingContext>({});
  useEffect(() => {
    context.current = {
      email: user?.email,
      channelId: activeChannel?.id,
      channelYtId: activeChannel?.youtubeId,
    };
  }, [user, activeChannel]);
  useEffect(() => setTrackingContextProvider(() => context.current), []);
  return null;
}

const NotificationsHost = lazy(() => import('./notices/notifications-host.tsx'));
const OAuthReturnToasts = lazy(() => import('./notices/oauth-return-toasts.tsx'));

/** Handles an OAuth return; its code is only downloaded when the URL carries one. */
function OAuthReturn() {
  const { search } = useLocation();
  if (!hasOAuthReturnParams(search)) return null;
  return (
    <Suspense fallback={null}>
      <OAuthReturnToasts />
    </Suspense>
  );
}

/** Wraps every route: notices (inside the router so their links work) and app-wide listeners. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <GlobalEventNotices />
      <OAuthReturn />
      <TrackingContextSync />
      <ErrorBoundary fallback={<ErrorPage />}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}
