import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo } from 'react';
import { SiteLayout } from '../components/layout/SiteLayout';
import { HomePage } from './HomePage';
import { auth } from '../lib/auth/store';
import { PageHydrated } from '../lib/hydration';
import { NavigationProvider } from '../lib/links';

/**
 * The home page without the router (decision 048): what the build
 * pre-renders into dist/index.html (entry-server.tsx) and what start.tsx
 * hydrates. The same layout and page as the app's `/` route; its links are
 * plain anchors, so leaving the page loads the next one.
 */
export function HomeApp({ queryClient, href }: { queryClient: QueryClient; href: string }) {
  const navigation = useMemo(() => ({ href }), [href]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavigationProvider value={navigation}>
          {/* Logging out on / stays on /: the header and the checklist follow the session. */}
          <SiteLayout onLogout={auth.signOut}>
            <HomePage />
            <PageHydrated />
          </SiteLayout>
        </NavigationProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
