import { onlineManager } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createApp } from './router';
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
  // As the router's own SSR hydration does: the tree then has the pre-rendered HTML's shape (no Suspense at the root).
  parts.router.ssr = { manifest: undefined };
  void parts.router.load().then(() => {
    hydrateRoot(rootElement, <App {...parts} onHydrated={() => onlineManager.setOnline(true)} />);
  });
} else {
  createRoot(rootElement).render(<App {...parts} />);
}
