/**
 * Square's Web Payments SDK, loaded from Square's CDN only on the page that
 * takes a card (never in the site's bundle), and only as much of its API as
 * the card form uses: `Square.payments(appId, locationId).card()`, `attach`,
 * `tokenize`, `destroy`.
 */
export type SquareCardField = {
  attach(target: string | HTMLElement): Promise<void>;
  tokenize(): Promise<{ status: string; token?: string; errors?: { message?: string }[] }>;
  destroy(): Promise<boolean>;
};

type SquareGlobal = {
  payments(appId: string, locationId: string): { card(): Promise<SquareCardField> };
};

declare global {
  interface Window {
    Square?: SquareGlobal;
  }
}

export const squareSdkUrls = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

const loading = new Map<string, Promise<SquareGlobal>>();

/** Adds Square's script once per page and resolves with its global. */
export function loadSquareSdk(environment: keyof typeof squareSdkUrls): Promise<SquareGlobal> {
  const src = squareSdkUrls[environment];
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<SquareGlobal>((resolve, reject) => {
      if (window.Square) return resolve(window.Square);
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () =>
        window.Square ? resolve(window.Square) : reject(new Error('Square.js loaded without Square'));
      script.onerror = () => reject(new Error(`Could not load ${src}`));
      document.head.append(script);
    });
    // A failed load may be retried by a later mount (after a reload of the page, say).
    promise.catch(() => loading.delete(src));
    loading.set(src, promise);
  }
  return promise;
}

/**
 * The pages whose Content-Security-Policy lets Square's SDK in, on AWS
 * (`paymentPagePaths` in functions/src/security-headers.ts, which the web may
 * not import). A document keeps the policy it was loaded with, so when the
 * account page was reached by a client-side navigation from another page, the
 * page must be loaded afresh before Square's script can run.
 */
const paymentPages = ['/dashboard', '/account-settings'];

export function documentAllowsSquare(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  const loadedAt = new URL(entry?.name ?? window.location.href).pathname.replace(/\/+$/, '').toLowerCase();
  return paymentPages.includes(loadedAt);
}
