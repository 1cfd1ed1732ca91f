import { onlineManager } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { whenPageHydrated } from './lib/hydration';
import { App, createApp, hydrationShape } from './router';
import './styles.css';

const parts = createApp();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The #root element is missing from index.html.');

if (rootElement.firstElementChild) {
  /*
   * A pre-rendered page (decision 043): its HTML was drawn with no session and
   * no data. The first render must draw the same, so the queries the loaders
   * start wait (as if offline) until the page has hydrated, and the session
   * comes from useAuth's server snapshot. The route's code is loaded first
   * (router.load), so nothing suspends while hydrating.
   */
  onlineManager.setOnline(false);
  // Back online once the page's content has hydrated: the waiting queries then run.
  // (The cache is told directly: the client may not be listening yet if the page hydrated in the first pass.)
  whenPageHydrated(() => {
    onlineManager.setOnline(true);
    void parts.queryClient.getQueryCache().onOnline();
  });
  // As the router's own SSR hydration does: the tree then has the pre-rendered HTML's shape (no Suspense at the root).
  parts.router.ssr = { manifest: undefined };
  hydrationShape(parts.router);
  // The page is on screen already: let the browser paint it before the work of hydrating starts.
  const afterPaint = new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  void Promise.all([afterPaint, parts.router.load()]).then(() => {
    // In one go, not in a transition: nothing (a session arriving, a click) can change the state halfway.
    hydrateRoot(rootElement, <App {...parts} />);
  });
} else {
  createRoot(rootElement).render(<App {...parts} />);
}
