/**
 * Lighthouse on every public page (`npm run bench`, or alone: `npm run bench -- lighthouse`):
 * the `lighthouse` package with its default (mobile) settings, in Debian's
 * Chromium, 3 runs a page; the run with the median performance score is
 * reported with its first contentful paint, largest contentful paint, total
 * blocking time and cumulative layout shift. Budget: performance ≥ 95 on each
 * page (issues 14 and 24). The pages: the pre-rendered ones (core/src/public-pages.ts)
 * and every blog post (/blog/{slug}). `LIGHTHOUSE_PAGES=/blog,/services` measures
 * only those (a path ending in `/*`, such as `/blog/*`, stands for every post).
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_BUDGET = 95;

export type LighthouseRun = {
  /** 0-100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
};

async function once(url: string): Promise<LighthouseRun> {
  // A fresh browser (and profile) per run: nothing cached from the previous one.
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * A run that fails to record its trace (NO_NAVSTART and the like, frequent on a loaded machine) is
 * tried again, twice at most: it says nothing about the page.
 */
async function withRetries(run: () => Promise<LighthouseRun>, tries = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`  (a Lighthouse run failed, trying again: ${String(error).slice(0, 120)})`);
    }
  }
}

/** The runs, in order, and the one with the median score. */
export async function measureLighthouse(
  url: string,
  runs = LIGHTHOUSE_RUNS,
): Promise<{ runs: LighthouseRun[]; median: LighthouseRun }> {
  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) results.push(await withRetries(() => once(url)));
  const sorted = [...results].sort((a, b) => a.score - b.score);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return { runs: results, median };
}

/** The pages to measure: `LIGHTHOUSE_PAGES` (comma-separated), or every public page and every post. */
export async function lighthousePages(
  baseUrl: string,
  only = process.env.LIGHTHOUSE_PAGES,
): Promise<string[]> {
  const { publicPages } = await import('@app/core/public-pages');
  const wanted = only
    ? only
        .split(',')
        .map((path) => path.trim())
        .filter(Boolean)
    : [...publicPages, '/blog/*'];
  const pages: string[] = [];
  for (const path of wanted) {
    if (path !== '/blog/*') {
      pages.push(path);
      continue;
    }
    const reply = await fetch(`${baseUrl}/api/posts?limit=100`);
    if (!reply.ok) throw new Error(`GET /api/posts answered ${reply.status}`);
    for (const post of (await reply.json()) as { slug: string }[]) pages.push(`/blog/${post.slug}`);
  }
  return pages;
}

export const describeRun = (run: LighthouseRun): string =>
  `FCP ${(run.fcpMs / 1000).toFixed(2)} s, LCP ${(run.lcpMs / 1000).toFixed(2)} s, TBT ${run.tbtMs.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}`;
