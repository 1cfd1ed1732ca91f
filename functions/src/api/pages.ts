import { existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { VisibleError } from '@app/core/error';
import { Hono } from 'hono';
import { DATA_PAGE_PATTERN } from '../site-routes';
import { ROUTER_PROOF_HEADER } from './router-proof';

/**
 * GET /api/pages/<page>: the public pages that show data, rendered by the
 * API with that data (decision 072). The local server and the Router send
 * /services, /testimonials, /blog and /blog/<slug> here (functions/src/site-routes.ts).
 *
 * The renderer is the web app's own, built for Node by `npm run build -w web`
 * into web/.pages (entry-server.js and the page template); on AWS the API
 * function carries a copy under `pages/` (infra/api.ts). It runs the page's
 * loaders with the browser's API client, whose calls are answered here, in
 * this process, by the API itself, as a visitor who is not signed in. The
 * reply is cached like the data it shows (./cache.ts: a minute, by the CDN
 * and the browser, with an ETag), so a post added or edited is rendered
 * fresh on its first request.
 */
type Renderer = {
  renderWithData: (
    path: string,
    answer: typeof fetch,
  ) => Promise<{ html: string; status: number; data: string }>;
  fillTemplate: (template: string, rendered: string, data?: string) => string;
  headTagsOf: (rendered: string) => string;
};

const NOT_BUILT = 'This page is not available right now. Please try again in a moment.';

/** The built renderer's folder: beside the Lambda's code on AWS, web/.pages in the repository. */
export function pagesDir(): string {
  if (process.env.PAGES_DIR) return process.env.PAGES_DIR;
  if (process.env.LAMBDA_TASK_ROOT) return join(process.env.LAMBDA_TASK_ROOT, 'pages');
  return fileURLToPath(new URL('../../../web/.pages', import.meta.url));
}

/** True when the web build has made the renderer (API tests may run before any build). */
export const pagesBuilt = (): boolean => existsSync(join(pagesDir(), 'template.html'));

let loaded: { version: number; renderer: Renderer; template: string } | undefined;

/** The renderer and its template, loaded once, and again after a rebuild (npm start keeps running). */
async function renderer() {
  const dir = pagesDir();
  const templateFile = join(dir, 'template.html');
  const version = await stat(templateFile).then(
    (s) => s.mtimeMs,
    () => undefined,
  );
  if (version === undefined) throw new VisibleError('unavailable', NOT_BUILT);
  if (loaded?.version !== version) {
    // The build's own folder (web/.pages links to it; each build has one), never a version query: the
    // renderer's chunks import the entry by its plain path, and a query would load a second copy of it
    // whose module state (React contexts, what it was given) the chunks would not see.
    const url = pathToFileURL(await realpath(join(dir, 'entry-server.js'))).href;
    const renderer = (await import(url)) as Renderer;
    loaded = { version, renderer, template: await readFile(templateFile, 'utf8') };
  }
  return loaded;
}

let answerer: ((request: Request) => Response | Promise<Response>) | undefined;

/** How the renderer's API calls are answered: the API app (./index.ts sets it; no import cycle). */
export function answerPageCallsWith(answer: (request: Request) => Response | Promise<Response>): void {
  answerer = answer;
}

const isDataPage = new RegExp(DATA_PAGE_PATTERN, 'i');

export const pages = new Hono().get('/*', async (c) => {
  const path = c.req.path.replace(/^\/api\/pages/i, '').replace(/(.)\/$/, '$1') || '/';
  if (!isDataPage.test(path)) throw new VisibleError('not_found', 'Not found.');
  const { renderer: page, template } = await renderer();
  const answer = answerer;
  if (!answer) throw new Error('pages: no API to answer the page calls');
  // A visitor's call, through the same checks as any: the Router's proof and the client's address go along.
  const forwarded: Record<string, string> = {};
  for (const name of [ROUTER_PROOF_HEADER, 'x-client-ip']) {
    const value = c.req.header(name);
    if (value) forwarded[name] = value;
  }
  const origin = new URL(c.req.url).origin;
  const apiCall: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), origin);
    const headers = new Headers(init?.headers);
    headers.delete('x-auth-token');
    for (const [name, value] of Object.entries(forwarded)) headers.set(name, value);
    return answer(new Request(url, { ...init, headers }));
  };
  const { html, status, data } = await page.renderWithData(path, apiCall);
  if (status === 200) return c.html(page.fillTemplate(template, html, data));
  // A post that does not exist: 404, for crawlers. The browser draws its not-found page itself (an
  // empty #root, as the SPA shell): hydrating the server's would wait for a query that never settles.
  return c.html(page.fillTemplate(template, page.headTagsOf(html)), 404);
});
