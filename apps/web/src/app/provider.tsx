import { useState, type ReactNode } from 'react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider also bundles the CSS-variables provider (about 3 KB gzip in every
// page's initial JavaScript); our theme has no CSS variables, and for such a theme MUI renders
// exactly this system provider.
import { ThemeProvider } from '@mui/system';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { publicConfigQueryOptions } from '../lib/public-config.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { theme } from '../theme/theme.ts';

/** Holds the routes back until the public config is known (it is tiny and sets the title). */
function ConfigGate({ children }: { children: ReactNode }) {
  const query = useQuery(publicConfigQueryOptions());
  // On failure the defaults apply: the app stays usable without the config.
  if (query.isPending) return <PageLoader fullScreen />;
  return <>{children}</>;
}

/** Theme, query client, crash fallback and config loading around the app. */
export function AppProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ErrorBoundary fallback={<ErrorPage />}>
          <ConfigGate>{children}</ConfigGate>
        </ErrorBoundary>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
