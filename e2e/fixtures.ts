import AxeBuilder from '@axe-core/playwright';
import type { User } from '@app/core/user/index';
import { test as base, expect, type Page } from '@playwright/test';
import { useRunningStack } from '../functions/src/local/stack-file';
import type { AdminBookingReply, BookingReply } from '../functions/src/api/bookings';
import { adminCreateThroughApi, assignThroughApi, type CustomBookingDetails } from './helpers/admin-bookings';
import { cancelThroughApi } from './helpers/admin-desk-page';
import { type BookingDetails, bookThroughApi, setStatusThroughApi } from './helpers/bookings';
import { stackOf } from './stacks';

/** An account made for one test, signed in (it has a session token). */
export type TestUser = {
  /** A session token for it, as the login reply carries. */
  token: string;
  email: string;
  password: string;
  /** The account as `/api/users/me` and the login reply show it. */
  user: User.Me;
};

type UserDetails = Partial<{ firstName: string; lastName: string; password: string }>;

export type Fixtures = {
  /** Makes and deletes accounts for this test (the worker's `stackAccounts`, closing `pageLog` first). */
  accounts: Accounts;
  /**
   * Whether the page's console still counts: closed when the test's first account is deleted (its
   * teardown has begun), as a page still open on a deleted account's token logs a 401 that is not
   * the test's (a poll on the desk, say).
   */
  pageLog: { closed: boolean };
  /** Fails the test when the page has accessibility violations (axe, WCAG 2.1 A/AA). */
  expectAccessible: (page?: Page) => Promise<void>;
  /** Names (or password) of `customer`; set with `test.use({ customerDetails: { firstName: 'Jamie' } })`. */
  customerDetails: UserDetails;
  /** Names (or password) of `admin`; like the seeded admin by default. */
  adminDetails: UserDetails;
  /** A verified customer made for this test, deleted after it. */
  customer: TestUser;
  /**
   * A verified customer with a card on file (a Visa ending 1111, saved with
   * core's Payments.saveCard at the running stack's Square stand-in), so a
   * test can book without filling the card form. Deleted after the test.
   */
  customerWithCard: TestUser;
  /** An admin made for this test, deleted after it. */
  admin: TestUser;
  /**
   * `admin`, signed in on this test's page (as `signIn(admin)` before the
   * first page load): the same account, so a test may take both.
   */
  adminSignedIn: TestUser;
  /** `customer`, signed in on this test's page (as `signIn(customer)`). */
  customerSignedIn: TestUser;
  /** `customerWithCard`, signed in on this test's page (as `signIn(customerWithCard)`). */
  customerWithCardSignedIn: TestUser;
  /**
   * Opens this test's pages as `user`: the token is put in localStorage
   * before the app starts on the first page load (later loads keep whatever
   * the app did with it, e.g. a logout).
   */
  signIn: (user: Pick<TestUser, 'token'>) => Promise<void>;
  /**
   * The ids of the bookings this test made, which `admin` cancels after it
   * (the crew is one van shop-wide): a test pushes each booking it makes.
   */
  booked: string[];
  /**
   * Makes a booking as the desk does, through the API as `admin` (adminCreateThroughApi), gives it to
   * `customer` when one is named (assignThroughApi, which mails them the link), and pushes it to
   * `booked`, so it is cancelled after the test. Returns the booking as made.
   */
  deskBooking: (input: CustomBookingDetails, customer?: TestUser) => Promise<AdminBookingReply>;
  /**
   * Books the seeded service `service` for `customerWithCard` through the API as the booking page
   * does (bookThroughApi, with `details`, from `fromDay` days ahead), then `admin` sets its `status`
   * when one is given (setStatusThroughApi; Completed charges the card, and the booking must come
   * back paid). Returns the booking as the last step left it; it is pushed to `booked`, so one still
   * open is cancelled after the test.
   */
  cardBooking: (
    service: string,
    options?: { details?: BookingDetails; fromDay?: number; status?: 'Confirmed' | 'Completed' },
  ) => Promise<BookingReply>;
};

type Accounts = {
  create: (details: UserDetails & { role: User.Role; withCard?: boolean }) => Promise<TestUser>;
  /** Deletes an account; from then on what this test's page logs is not counted (see `pageLog`). */
  remove: (user: TestUser) => Promise<void>;
};

type WorkerFixtures = {
  /** Makes and deletes accounts directly in the worker's stack's table (no HTTP route does this). */
  stackAccounts: Accounts;
};

/**
 * A pre-rendered page shows before its code has loaded (decision 047), and a
 * click or a key press before hydration would be lost: `page.goto` and
 * `page.reload` return once /boot.js's `data-hydrating` mark is gone (at
 * once on a page the browser renders itself, or with JavaScript off).
 */
export function untilHydrated(page: Page): Page {
  const hydrated = () => page.waitForFunction(() => !document.documentElement.hasAttribute('data-hydrating'));
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
  return page;
}

const CUSTOMER = { firstName: 'Casey', lastName: 'Tester' };

/** Makes an account for one test, hands it to the test, and deletes it after. */
async function forThisTest(
  accounts: Accounts,
  details: Parameters<Accounts['create']>[0],
  use: (account: TestUser) => Promise<void>,
): Promise<void> {
  const account = await accounts.create(details);
  await use(account);
  await accounts.remove(account);
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Each worker's pages and requests go to its own stack (playwright.config.ts, e2e/stacks.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern.
  baseURL: async ({}, use, testInfo) => use(stackOf(testInfo.parallelIndex).url),
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern.
  pageLog: async ({}, use) => use({ closed: false }),
  // Every test fails on an unexpected console error or uncaught exception (until `pageLog` closes).
  page: async ({ page, pageLog }, use) => {
    const problems: string[] = [];
    const note = (problem: string) => {
      if (!pageLog.closed) problems.push(problem);
    };
    page.on('console', (message) => {
      // A failed load's message does not name what failed; its location does.
      const { url } = message.location();
      if (message.type() === 'error') note(`console.error: ${message.text()}${url ? ` (${url})` : ''}`);
    });
    page.on('pageerror', (error) => note(`uncaught: ${error.message}`));
    untilHydrated(page);
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

  accounts: async ({ stackAccounts, pageLog }, use) =>
    use({
      create: stackAccounts.create,
      remove: async (account) => {
        pageLog.closed = true;
        await stackAccounts.remove(account);
      },
    }),
  stackAccounts: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern.
    async ({}, use, workerInfo) => {
      // `npm start` (this worker's stack, started by playwright.config.ts) records its stand-ins in
      // DATA_DIR/stack.json; core is imported only after the config variables point at them.
      if (!process.env.E2E_DATA_DIR)
        throw new Error('E2E_DATA_DIR is not set: run the browser tests through playwright.config.ts');
      useRunningStack(stackOf(workerInfo.parallelIndex).dataDir);
      // Each hash records its scrypt cost, so the product verifies these accounts' passwords at the
      // cost they were made with: the API tests' low one rather than production's 2^17, which takes
      // much of a 2-core machine. Passwords the product sets itself (registration, change, reset)
      // keep the product's cost.
      process.env.PASSWORD_COST_LOG2 ??= '10';
      const { createUser, createUserWithCard } = await import('../tests/factories');
      const { User } = await import('@app/core/user/index');
      const { asSystem } = await import('@app/core/actor');
      await use({
        create: async ({ role, withCard, ...details }) => {
          // With a card: saved through core's Payments at the stand-in that stack.json names, and the
          // factory's default service address (homeAddress, issue 20), as a customer who books has one.
          const made = withCard
            ? await createUserWithCard({ ...details, role })
            : await createUser({ ...details, role });
          const record = await User.find(made._id);
          if (!record) throw new Error(`The account ${made.email} just made is missing.`);
          return { token: made.token, email: made.email, password: made.password, user: User.toMe(record) };
        },
        // Deleting an account is the system's (or an admin's) to do: core checks it.
        remove: (account) => asSystem('e2e fixture', () => User.remove(account.user._id)),
      });
    },
    { scope: 'worker' },
  ],
  customerDetails: [CUSTOMER, { option: true }],
  adminDetails: [{ firstName: 'Jordan', lastName: 'Reyes' }, { option: true }],
  customer: ({ accounts, customerDetails }, use) =>
    forThisTest(accounts, { ...CUSTOMER, ...customerDetails, role: 'user' }, use),
  customerWithCard: ({ accounts, customerDetails }, use) =>
    forThisTest(accounts, { ...CUSTOMER, ...customerDetails, role: 'user', withCard: true }, use),
  admin: ({ accounts, adminDetails }, use) =>
    forThisTest(accounts, { firstName: 'Jordan', lastName: 'Reyes', ...adminDetails, role: 'admin' }, use),
  signIn: async ({ page }, use) => {
    await use(async ({ token }) => {
      await page.addInitScript((value) => {
        if (sessionStorage.getItem('e2e-token-set')) return;
        localStorage.setItem('token', value);
        sessionStorage.setItem('e2e-token-set', '1');
      }, token);
    });
  },
  adminSignedIn: async ({ admin, signIn }, use) => {
    await signIn(admin);
    await use(admin);
  },
  customerSignedIn: async ({ customer, signIn }, use) => {
    await signIn(customer);
    await use(customer);
  },
  customerWithCardSignedIn: async ({ customerWithCard, signIn }, use) => {
    await signIn(customerWithCard);
    await use(customerWithCard);
  },
  booked: async ({ request, admin }, use) => {
    const made: string[] = [];
    await use(made);
    for (const id of made) await cancelThroughApi(request, admin, id).catch(() => undefined);
  },
  cardBooking: async ({ request, admin, customerWithCard, booked }, use) => {
    await use(async (service, { details, fromDay, status } = {}) => {
      const booking = await bookThroughApi(request, customerWithCard, service, details, fromDay);
      booked.push(booking._id);
      if (!status) return booking;
      const set = await setStatusThroughApi(request, admin, booking._id, { status });
      if (status === 'Completed') expect(set.payment?.status, 'the completed booking’s payment').toBe('paid');
      return set;
    });
  },
  deskBooking: async ({ request, admin, booked }, use) => {
    await use(async (input, customer) => {
      const booking = await adminCreateThroughApi(request, admin, input);
      booked.push(booking._id);
      if (customer) await assignThroughApi(request, admin, booking._id, customer);
      return booking;
    });
  },
});

/**
 * Tells the `page` fixture that this test expects console errors that
 * contain each of `descriptions` (the browser logs every failed reply as one).
 */
export function expectConsoleErrors(...descriptions: string[]): void {
  test
    .info()
    .annotations.push(
      ...descriptions.map((description) => ({ type: 'expected-console-error', description })),
    );
}

/** This test expects failed replies of any status (the browser logs each as a console error). */
export const expectFailedReplies = () => expectConsoleErrors('the server responded with a status of');

export { expect };
