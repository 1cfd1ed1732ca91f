import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { type ComponentType, StrictMode } from 'react';
import { ErrorPage } from './components/layout/ErrorPage';
import { NotFoundPage } from './components/layout/NotFoundPage';
import { PendingPage } from './components/layout/PendingPage';
import { auth } from './lib/auth/store';
import { PageHydrated } from './lib/hydration';
import { createQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';

/**
 * The query client and the router, made the same way in the browser
 * (main.tsx) and when the build pre-renders the public pages
 * (entry-server.tsx, with a memory history).
 */
export function createApp(history?: RouterHistory, { prerendering = false } = {}) {
  const queryClient = createQueryClient();

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
  if (prerendering) hydrationShape(router);
  return { queryClient, router };
}

/**
 * The shape of a pre-rendered page's tree, the same for the build's render
 * and the browser's hydration (decision 043): each page's component (and
 * the not-found page) is followed by PageHydrated, which tells main.tsx when
 * the page has hydrated.
 */
export function hydrationShape(router: AppParts['router']) {
  for (const route of Object.values(router.routesById)) {
    const { component, notFoundComponent } = route.options;
    // The pages, not the layouts: a layout's effects run before its page (in its own boundary) hydrates.
    if (component && !route.isRoot && !route.children) route.options.component = withSignal(component);
    if (notFoundComponent) route.options.notFoundComponent = withSignal(notFoundComponent);
  }
}

function withSignal<P extends object>(Page: ComponentType<P> & { preload?: () => Promise<void> }) {
  const WithSignal = (props: P) => (
    <>
      <Page {...props} />
      <PageHydrated />
    </>
  );
  return Object.assign(WithSignal, { preload: Page.preload });
}

export type AppParts = ReturnType<typeof createApp>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppParts['router'];
  }
}

export function App({ queryClient, router }: AppParts) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
