import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  HeadContent,
  Link,
  Outlet,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { useMemo } from 'react';
import { ErrorPage } from '../components/layout/ErrorPage';
import { NotFoundPage } from '../components/layout/NotFoundPage';
import { SiteLayout } from '../components/layout/SiteLayout';
import { forgetStoredDays } from '../features/tech-day/api';
import { type Auth, useAuth } from '../lib/auth/store';
import { pageTitle } from '../lib/business';
import { NavigationProvider } from '../lib/links';

export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  head: () => ({ meta: [{ title: pageTitle() }] }),
  component: RootLayout,
  // The layout itself failed: show the error on its own. Errors inside a page use the router's
  // defaultErrorComponent (the same ErrorPage), which renders inside the layout.
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { signOut } = useAuth();
  const router = useRouter();
  const href = useRouterState({ select: (state) => state.location.href });
  const navigation = useMemo(() => ({ Link, href }), [href]);
  // Logout removes the token, the header and the user, and goes to / (doc 1 §4). It leaves the signed-in
  // page first, so that page's queries (the admin's Today polls) never go out without a token (a 401).
  const logout = () => {
    void router.navigate({ to: '/' }).finally(() => {
      signOut();
      // The technician's stored days go with the session (a shared phone keeps none of them).
      forgetStoredDays();
    });
  };
  return (
    <NavigationProvider value={navigation}>
      <HeadContent />
      <SiteLayout onLogout={logout}>
        <Outlet />
      </SiteLayout>
    </NavigationProvider>
  );
}
