import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';

/** The whole web app. */
export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
