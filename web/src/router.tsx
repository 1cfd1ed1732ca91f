import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { ErrorPage } from './components/layout/ErrorPage';
import { NotFoundPage } from './components/layout/NotFoundPage';
import { PendingPage } from './components/layout/PendingPage';
import { auth } from './lib/auth/store';
import { ApiError, isApiStatus } from './lib/api';
import { routeTree } from './routeTree.gen';

/**
 * A 401 on any call means the stored session has ended (it expired, or a
 * password change on another device ended it): sign out here too, so the
 * header stops claiming a session the server no longer accepts.
 */
const endSessionOn401 = (error: unknown) => {
  if (isApiStatus(error, 401) && auth.getState().user) auth.signOut();
};

/**
 * The query client and the router, made the same way in the browser
 * (main.tsx) and when the build pre-renders the public pages
 * (entry-server.tsx, with a memory history).
 */
export function createApp(history?: RouterHistory, { prerendering = false } = {}) {
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
    history,
    context: { queryClient, auth },
    defaultPreload: 'intent',
    // TanStack Query owns caching; the router always asks it (kitchen-sink-react-query pattern).
    defaultPreloadStaleTime: 0,
    // Pre-rendered pages get no inline restoration script: the CSP allows no inline script (decision 015).
    scrollRestoration: !prerendering,
    defaultErrorComponent: ErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    defaultPendingComponent: PendingPage,
  });
  return { queryClient, router };
}

export type AppParts = ReturnType<typeof createApp>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppParts['router'];
  }
}

/** Calls `onHydrated` once, after the first render is on screen (main.tsx, hydrating a pre-rendered page). */
function AfterFirstRender({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

export function App({ queryClient, router, onHydrated }: AppParts & { onHydrated?: () => void }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
      {/* After the provider: its effect (which connects the client to the online state) runs first. */}
      {onHydrated ? <AfterFirstRender onHydrated={onHydrated} /> : null}
    </StrictMode>
  );
}
