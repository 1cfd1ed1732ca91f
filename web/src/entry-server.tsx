import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, rootRouteId } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { renderServiceFiltersAtOnce } from './features/services/components/DeferredServiceFilters';
import { HomeApp } from './home/HomeApp';
import { answerApiCallsWith } from './lib/api';
import { PAGE_DATA_ID } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { App, createApp } from './router';

// The services filter's code comes to the browser later (decision 114); the page's HTML has it at once.
const filtersAtHand = import('./features/services/components/ServiceFilters').then((module) =>
  renderServiceFiltersAtOnce(module.ServiceFilters),
);

/**
 * The build's pre-rendering (web/scripts/prerender.mjs): the page at `path`
 * as the browser's first render will draw it, with no session and no data
 * yet (the data sections show their loading state).
 */
export async function render(path: string): Promise<{ html: string; status: number }> {
  await filtersAtHand;
  const parts = createApp(createMemoryHistory({ initialEntries: [path] }), { prerendering: true });
  await parts.router.load();
  const html = renderToString(<App {...parts} />);
  return { html, status: statusOf(parts) };
}

const statusOf = (parts: ReturnType<typeof createApp>) => {
  const deepest = parts.router.state.matches.at(-1);
  const found = deepest !== undefined && deepest.routeId !== rootRouteId && deepest.status !== 'notFound';
  return found ? 200 : 404;
};

/** Until every query the page's loaders started has settled (the list pages do not await theirs). */
async function settled(queryClient: QueryClient): Promise<void> {
  while (queryClient.isFetching() > 0) await new Promise((resolve) => setTimeout(resolve, 2));
}

/**
 * The API server's render of a page that shows data (decision 072): the same
 * app, signed out, its queries answered by `answer` (the API in the server's
 * own process) before it is drawn, so the page arrives with its lists and its
 * post. `data` is the query cache as JSON, for the browser to hydrate the same
 * tree from (main.tsx); `<` is escaped, so no text can end its script element.
 */
export async function renderWithData(
  path: string,
  answer: typeof fetch,
): Promise<{ html: string; status: number; data: string }> {
  answerApiCallsWith(answer);
  await filtersAtHand;
  const parts = createApp(createMemoryHistory({ initialEntries: [path] }), { prerendering: true });
  await parts.router.load();
  await settled(parts.queryClient);
  const html = renderToString(<App {...parts} />);
  const data = JSON.stringify(dehydrate(parts.queryClient)).replace(/</g, '\\u003c');
  return { html, status: statusOf(parts), data };
}

/**
 * The home page's content as home/start.tsx hydrates it, without the
 * router (decision 048). Its head tags still come from `render('/')`.
 */
export function renderHome(): string {
  // `render('/')` came first (its head tags) and waited for the filter (decision 114).
  return renderToString(<HomeApp queryClient={createQueryClient()} href="/" />);
}

// React writes the page's <title>, <meta> and <link> tags first (they belong in <head>).
const leadingHeadTags = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/** The head tags React wrote at the start of a rendered page. */
export const headTagsOf = (rendered: string): string => rendered.match(leadingHeadTags)?.[0] ?? '';

/**
 * A page's HTML file: `template` (the built index.html, already loading the app
 * after its first paint) with the rendered page's head tags in its <head>, its
 * body in #root and, when given, the page's data after it.
 */
export function fillTemplate(template: string, rendered: string, data?: string): string {
  const headTags = headTagsOf(rendered);
  const body = rendered.slice(headTags.length);
  const titles = headTags.match(/<title>[^<]*<\/title>/g) ?? [];
  const others = headTags.replace(/<title>[^<]*<\/title>/g, '');
  let html = template;
  // The most specific title wins (the not-found page's own title comes after the root's).
  const title = titles.at(-1);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => title);
  if (others.includes('name="description"')) html = html.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  const dataTag = data ? `<script type="application/json" id="${PAGE_DATA_ID}">${data}</script>` : '';
  return html
    .replace('</head>', () => `${others}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>${dataTag}`);
}

export { publicPages } from '@app/core/public-pages';
