import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, HeadContent, Outlet, useRouter } from '@tanstack/react-router';
import { ErrorPage } from '../components/layout/ErrorPage';
import { NotFoundPage } from '../components/layout/NotFoundPage';
import { SiteFooter } from '../components/layout/SiteFooter';
import { SiteHeader } from '../components/layout/SiteHeader';
import { type Auth, useAuth } from '../lib/auth/store';
import { pageTitle } from '../lib/business';

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
  const { user, signOut } = useAuth();
  const router = useRouter();
  // Logout removes the token, the header and the user, then goes to / (doc 1 §4).
  const logout = () => {
    signOut();
    void router.navigate({ to: '/' });
  };
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader user={user} onLogout={logout} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
