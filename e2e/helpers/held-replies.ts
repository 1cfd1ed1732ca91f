import { expect, type Page } from '@playwright/test';

/** A JSON reply a test puts in place of the server's. */
export type StandInReply = { status: number; body: string };

/**
 * Answers the requests that match `pattern` with `first` (JSON), but holds
 * every answer until `release()` is called, so a page's loading text can be
 * seen. `answerWith(next)` changes what the later requests get; `null` lets
 * them through to the server.
 */
export async function holdReplies(page: Page, pattern: string | RegExp, first: StandInReply | null) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reply = first;
  await page.route(pattern, async (route) => {
    await held;
    if (reply)
      await route.fulfill({ status: reply.status, contentType: 'application/json', body: reply.body });
    else await route.fallback();
  });
  return {
    release,
    answerWith: (next: StandInReply | null) => {
      reply = next;
    },
  };
}

/**
 * Opens a page as a visitor does from another page of the site: /about (loaded
 * afresh), then the main menu's link named `link`. The page then asks for its
 * data in the browser. Opened directly, the pages with lists arrive with them
 * (the API renders them, decision 072), so their loading and error texts are
 * seen this way.
 */
export async function openFromMenu(page: Page, link: string) {
  await page.goto('/about');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
}

/**
 * A list page's three texts: `loading` while its reply (`pattern`) is held,
 * `empty` for an empty list, and `failed` once the reply is a 500 (opened
 * afresh; a page may retry before it gives up). The page is opened from the
 * main menu's `link` (openFromMenu).
 */
export async function expectListTexts(
  page: Page,
  list: { link: string; pattern: string | RegExp; loading: string; empty: string; failed: string },
) {
  const { release, answerWith } = await holdReplies(page, list.pattern, { status: 200, body: '[]' });
  await openFromMenu(page, list.link);
  await expect(page.getByText(list.loading)).toBeVisible();
  release();
  await expect(page.getByText(list.empty)).toBeVisible();

  answerWith({ status: 500, body: '{"msg":"down"}' });
  await openFromMenu(page, list.link);
  await expect(page.getByText(list.failed)).toBeVisible();
}
