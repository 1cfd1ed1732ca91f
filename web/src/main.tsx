import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorPage } from './components/layout/ErrorPage';
import { NotFoundPage } from './components/layout/NotFoundPage';
import { PendingPage } from './components/layout/PendingPage';
import { auth } from './lib/auth/store';
import { ApiError, isApiStatus } from './lib/api';
import { routeTree } from './routeTree.gen';
import './styles.css';

/**
 * A 401 on any call means the stored session has ended (it expired, or a
 * password change on another device ended it): sign out here too, so the
 * header stops claiming a session the server no longer accepts.
 */
const endSessionOn401 = (error: unknown) => {
  if (isApiStatus(error, 401) && auth.getState().user) auth.signOut();
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endSessionOn401 }),
  mutationCache: new MutationCache({ onError: endSessionOn401 }),
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry (not found, invalid id); network and 5xx errors get two more tries.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient, auth },
  defaultPreload: 'intent',
  // TanStack Query owns caching; the router always asks it (kitchen-sink-react-query pattern).
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultErrorComponent: ErrorPage,
  defaultNotFoundComponent: NotFoundPage,
  defaultPendingComponent: PendingPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The #root element is missing from index.html.');

createRoot(rootElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
