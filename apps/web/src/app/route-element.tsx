import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { PageLoader } from '../components/page-loader.tsx';
import { usePublicConfig } from '../lib/public-config.ts';
import { trackPageView } from '../lib/tracking.ts';
import { parseFlags, useUser } from '../lib/user.ts';
import { isApiError } from '../lib/api-error.ts';
import { useMyChannels, pickerChannels } from '../lib/channels/get-my-channels.ts';
import {
  decideRoute,
  safeReturnPath,
  shouldShowLoader,
  type ChannelsStatus,
  type UserStatus,
} from './guards.ts';
import { LazyAppShell, pages } from './pages.ts';
import { NOT_FOUND_TITLE, usesShell, type RouteEntry } from './route-table.ts';

// Rare, so kept out of the entry chunk (Alert brings its own icons).
const UserLoadError = lazy(() => import('../components/user-load-error.tsx'));

/** Applies a route's guards, title, page view and layout, then renders its page. */
export function RouteElement({ route }: { route: RouteEntry }) {
  const location = useLocation();
  const config = usePublicConfig();
  const sessionCheck = !route.skipSessionCheck;
  const userQuery = useUser(sessionCheck);
  const user = userQuery.data ?? null;
  const wantsChannels = Boolean(user) && Boolean(route.protected);
  const channelsQuery = useMyChannels(wantsChannels);

  let userStatus: UserStatus;
  if (userQuery.data) userStatus = 'signed-in';
  else if (userQuery.data === null || !sessionCheck) userStatus = 'signed-out';
  else if (userQuery.isError) {
    userStatus = isApiError(userQuery.error, 403) ? 'forbidden' : 'error';
  } else userStatus = 'loading';

  let channelsStatus: ChannelsStatus = 'loading';
  if (channelsQuery.data) {
    channelsStatus = pickerChannels(channelsQuery.data).length > 0 ? 'some' : 'none';
  } else if (channelsQuery.isError) channelsStatus = 'error';

  const state = location.state as { from?: unknown } | null;
  const input = {
    route,
    pathname: location.pathname,
    user: userStatus,
    isV2Enterprise: user?.isV2Enterprise ?? false,
    channels: channelsStatus,
    onlyV2: config.onlyV2,
    returnTo: safeReturnPath(state?.from),
  };
  const decision = decideRoute(input);
  const showLoader = shouldShowLoader(input);
  // A flagged route is not there for someone without its flag: the not-found page, its title.
  const flagMissing = Boolean(route.flag && user && !parseFlags(user.flags).has(route.flag));
  const title = flagMissing ? NOT_FOUND_TITLE : (route.title ?? config.productName);
  const rendering = decision.kind === 'render' && !route.redirectTo;

  useEffect(() => {
    if (!rendering) return;
    document.title = title;
    trackPageView(window.location.href, title);
  }, [rendering, title, location.pathname, location.search]);

  if (decision.kind === 'redirect') {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return (
      <>
        {showLoader ? <PageLoader fullScreen /> : null}
        <Navigate to={decision.to} replace state={decision.rememberFrom ? { from } : undefined} />
      </>
    );
  }
  if (decision.kind === 'render' && route.redirectTo) {
    return <Navigate to={{ pathname: route.redirectTo, search: location.search }} replace />;
  }

  const loader = route.noLoader ? null : <PageLoader />;
  let content;
  if (decision.kind === 'error') {
    content = (
      <Suspense fallback={loader}>
        <UserLoadError onRetry={() => void userQuery.refetch()} />
      </Suspense>
    );
  } else if (decision.kind === 'wait') {
    content = showLoader ? <PageLoader /> : null;
  } else {
    const Page = route.page ? pages[flagMissing ? 'not-found' : route.page] : null;
    content = Page ? (
      <Suspense fallback={loader}>
        <Page />
      </Suspense>
    ) : null;
  }

  if (usesShell(route)) {
    return (
      <Suspense fallback={loader}>
        <LazyAppShell
          showNav={!route.noNav}
          showHeader={Boolean(route.protected) && !route.noHeader}
          fullWidth={Boolean(route.fullWidth)}
          fullHeight={Boolean(route.fullHeight)}
        >
          {content}
        </LazyAppShell>
      </Suspense>
    );
  }
  return (
    <Box
      component="main"
      id="main"
      sx={{ minHeight: route.fullHeight ? '100vh' : undefined, width: '100%' }}
    >
      {content}
    </Box>
  );
}
