import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

type Fixtures = {
  /** Fails the test when the page has accessibility violations (axe, WCAG 2.1 A/AA). */
  expectAccessible: (page?: Page) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  // Every test fails on an unexpected console error or uncaught exception.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    const expected = test.info().annotations.filter((a) => a.type === 'expected-console-error');
    const unexpected = problems.filter(
      (p) => !expected.some((a) => a.description && p.includes(a.description)),
    );
    expect(unexpected, 'console errors on the page').toEqual([]);
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      const results = await new AxeBuilder({ page: target })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      );
      expect(summary, `accessibility violations on ${target.url()}`).toEqual([]);
    });
  },
});

export { expect };
