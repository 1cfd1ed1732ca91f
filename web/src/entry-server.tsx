import { createMemoryHistory, rootRouteId } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { HomeApp } from './home/HomeApp';
import { createQueryClient } from './lib/query-client';
import { App, createApp } from './router';

/**
 * The build's pre-rendering (web/scripts/prerender.mjs): the page at `path`
 * as the browser's first render will draw it, with no session and no data
 * yet (the data sections show their loading state).
 */
export async function render(path: string): Promise<{ html: string; status: number }> {
  const parts = createApp(createMemoryHistory({ initialEntries: [path] }), { prerendering: true });
  await parts.router.load();
  const html = renderToString(<App {...parts} />);
  const deepest = parts.router.state.matches.at(-1);
  const found = deepest !== undefined && deepest.routeId !== rootRouteId && deepest.status !== 'notFound';
  return { html, status: found ? 200 : 404 };
}

/**
 * The home page's content as home/start.tsx hydrates it, without the
 * router (decision 048). Its head tags still come from `render('/')`.
 */
export function renderHome(): string {
  return renderToString(<HomeApp queryClient={createQueryClient()} href="/" />);
}

export { publicPages } from '@app/core/public-pages';
