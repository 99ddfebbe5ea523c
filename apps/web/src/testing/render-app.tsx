import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type InitialEntry } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { AppRoutes } from '../app/router.tsx';
import type { MyChannels, PublicConfig, User } from '@tubewise/contract';
import { createQueryClient } from '../lib/query-client.ts';
import { publicConfigQueryOptions } from '../lib/public-config.ts';
import { userQueryKey } from '../lib/user.ts';
import { myChannelsQueryKey } from '../lib/channels/get-my-channels.ts';

let current = { pathname: '', search: '', state: null as unknown };

function LocationProbe() {
  const location = useLocation();
  current = { pathname: location.pathname, search: location.search, state: location.state };
  return null;
}

/** The router's current location in the last rendered app. */
export function currentLocation() {
  return current;
}

/**
 * Renders the whole app (providers + routes) at `entry` in a memory router; `prepare` may fill
 * the query cache first (e.g. data an earlier page left behind).
 */
export function renderApp(entry: InitialEntry = '/', prepare?: (queryClient: QueryClient) => void) {
  const queryClient = createQueryClient();
  prepare?.(queryClient);
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...utils, queryClient };
}

/** Renders `ui` inside providers and a memory router (no app routes), with optional cached data. */
export function renderWithProviders(
  ui: ReactNode,
  entry: InitialEntry = '/',
  cache: { user?: User | null; channels?: MyChannels; config?: PublicConfig } = {},
) {
  const queryClient = createQueryClient();
  if (cache.user !== undefined) queryClient.setQueryData(userQueryKey, cache.user);
  if (cache.channels) queryClient.setQueryData(myChannelsQueryKey, cache.channels);
  if (cache.config) queryClient.setQueryData(publicConfigQueryOptions().queryKey, cache.config);
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...utils, queryClient };
}
