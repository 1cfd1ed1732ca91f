import { stackOf, workers } from './stacks';

/** How long a stack may take to answer, as Playwright gives each web server (playwright.config.ts). */
const STACK_START_MS = 180_000;

/**
 * Playwright's global setup: every worker's stack answers `/api/services` before the first test.
 * The config starts the stacks side by side and has Playwright wait only for the last one's url;
 * this waits for all of them, and fails the run with the stack that did not come up.
 */
export default async function stacksReady(): Promise<void> {
  const deadline = Date.now() + STACK_START_MS;
  await Promise.all(
    Array.from({ length: workers }, async (_, index) => {
      const { url } = stackOf(index);
      for (;;) {
        const answered = await fetch(`${url}/api/services`)
          .then((response) => response.ok)
          .catch(() => false);
        if (answered) return;
        if (Date.now() > deadline) {
          throw new Error(
            `The browser tests' stack ${index} (${url}) did not start within ${STACK_START_MS / 1000} s`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }),
  );
}
