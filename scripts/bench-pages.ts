/**
 * The JS a page makes the browser load: Chromium opens `path` on a fresh
 * profile (nothing cached), waits until the page shows what `ready` waits for
 * and the network is idle, and every script it fetched is gzipped and summed.
 * Used by `npm run bench` for `/` and `/book/{id}`.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

export type LoadedScript = { url: string; raw: number; gzip: number };

export async function pageScripts(
  baseUrl: string,
  path: string,
  ready: (page: Page) => Promise<void>,
  /** A session token put in localStorage before the app starts (a signed-in page). */
  token?: string,
): Promise<LoadedScript[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    if (token) await page.addInitScript((value) => localStorage.setItem('token', value), token);
    const scripts: LoadedScript[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body).length,
          });
        }),
      );
    });
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return scripts.sort((a, b) => b.gzip - a.gzip);
  } finally {
    await browser.close();
  }
}

export const sumGzip = (scripts: LoadedScript[]): number => scripts.reduce((sum, s) => sum + s.gzip, 0);
