import { publicPages } from '@app/core/public-pages';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * What the first paint shows is what stays (issue 24): every public page and
 * every blog post, loaded as a visitor lands on it, on a phone and on a
 * desktop, shifts its layout by at most 0.05 (the sum of the layout-shift
 * entries a PerformanceObserver reports, as CLS counts them: not after
 * input). Scores depend on how loaded the machine is; shifts do not, so
 * this measures shifts. To make late content show, the CPU runs 4× slower
 * (as Lighthouse's phone does) and every image arrives 400 ms late.
 */
const LIMIT = 0.05;
const viewports = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1350, height: 940 },
];

type Shift = { value: number; sources: string[] };

async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = entry.sources.map(({ node }) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')} "${(node.textContent ?? '').trim().slice(0, 40)}"`
            : String(node?.nodeName),
        );
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** A slow phone's CPU, late images, and the observer on every page loaded after. */
async function prepare(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.route('**/images/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await observeShifts(page);
}

/**
 * Everything that could still move the layout has arrived and been painted: the fonts, every image
 * that is not a lazy one still outside the viewport, and then two frames, after which the observer
 * has been handed the shifts they caused.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForFunction(() =>
    [...document.images].every((img) => {
      if (img.complete) return true;
      const box = img.getBoundingClientRect();
      const inView = box.bottom > 0 && box.top < window.innerHeight;
      return img.loading === 'lazy' && !inView;
    }),
  );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
}

async function shiftsOf(page: Page, path: string): Promise<Shift[]> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState('networkidle');
  await settled(page);
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);
const describe = (shifts: Shift[]) =>
  shifts.map((shift) => `${shift.value.toFixed(3)}: ${shift.sources.join(' | ')}`).join('\n');

for (const { name, width, height } of viewports) {
  test.describe(`layout shift on a ${name} (${width}×${height})`, () => {
    test.use({ viewport: { width, height } });

    for (const path of publicPages) {
      test(`${path} shifts by at most ${LIMIT}`, async ({ page }) => {
        await prepare(page);
        const shifts = await shiftsOf(page, path);
        expect(total(shifts), describe(shifts)).toBeLessThanOrEqual(LIMIT);
      });
    }

    test(`every blog post shifts by at most ${LIMIT}`, async ({ page, request }) => {
      const posts = (await (await request.get('/api/posts?limit=100')).json()) as { slug: string }[];
      expect(posts.length).toBeGreaterThan(0);
      await prepare(page);
      for (const { slug } of posts) {
        const shifts = await shiftsOf(page, `/blog/${slug}`);
        expect(total(shifts), `/blog/${slug}\n${describe(shifts)}`).toBeLessThanOrEqual(LIMIT);
      }
    });
  });
}
