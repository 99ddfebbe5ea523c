import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout.tsx';
import { RouteElement } from './route-element.tsx';
import { routeTable } from './route-table.ts';

// Declarative mode: the data router (loaders, actions, fetchers) is not used and would add
// about 10 KB gzip to every page, the login page included.
const routeObjects: RouteObject[] = [
  {
    element: <RootLayout />,
    children: routeTable.map((route) => ({
      path: route.path,
      element: <RouteElement route={route} />,
    })),
  },
];

/** The app's routes, rendered inside whichever router the caller provides. */
export function AppRoutes() {
  return useRoutes(routeObjects);
}

/** The browser router of the app. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
