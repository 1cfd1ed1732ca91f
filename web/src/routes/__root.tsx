import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet } from '@tanstack/react-router';
import { ErrorPage } from '../components/layout/ErrorPage';
import { NotFoundPage } from '../components/layout/NotFoundPage';
import { SiteFooter } from '../components/layout/SiteFooter';
import { type NavUser, SiteHeader } from '../components/layout/SiteHeader';
import { pageTitle } from '../lib/business';

export interface RouterContext {
  queryClient: QueryClient;
  // Sessions (a later issue) add `auth` here, as in the kitchen-sink example.
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
  // Sessions arrive in a later issue; logged out until then.
  const user: NavUser | null = null;
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader user={user} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
