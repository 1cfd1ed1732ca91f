import { awsClientOptions } from '../util/aws';

/**
 * What the Places and Routes clients share (decision 065): the SDK client
 * options (the local stand-in's endpoint, one attempt, a short timeout), and
 * the outage rule. A failed call is logged once, when the service goes from
 * answering to failing, and for a short cool-down afterwards the callers use
 * the fallback at once instead of waiting on a timeout each time; the first
 * call after the cool-down tries the service again.
 */
export const TIMEOUT_MS = 1500;
export const COOL_DOWN_MS = 30_000;

export type ProviderName = 'places' | 'routes';

/** The SDK client's options for one of the two APIs: local endpoint and credentials, no retries, short timeouts. */
export function clientOptions(name: ProviderName) {
  return {
    ...awsClientOptions(name === 'places' ? 'geoPlaces' : 'geoRoutes'),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: TIMEOUT_MS, requestTimeout: TIMEOUT_MS },
  };
}

/**
 * An SDK module loaded with `import()`. When a bundler picks the SDK's
 * CommonJS build (esbuild with `main` before `module`), its exports arrive as
 * the `default` of the namespace; from the ESM build (SST's order) or under
 * Node they are named. Either way the caller gets the exports.
 */
export function sdkExports<T extends object>(loaded: T, probe: keyof T): T {
  if (probe in loaded && loaded[probe]) return loaded;
  return (loaded as T & { default: T }).default;
}

type State = { failing: boolean; retryAt: number };
const states: Record<ProviderName, State> = {
  places: { failing: false, retryAt: 0 },
  routes: { failing: false, retryAt: 0 },
};

/** Whether the service may be asked now (false during the cool-down after a failure). */
export function available(name: ProviderName, now = Date.now()): boolean {
  return now >= states[name].retryAt;
}

/**
 * Runs `call` (which loads the SDK, then sends with `requestSignal()`: the
 * timeout counts from the request, not from loading the SDK on a cold start);
 * on any failure logs once per outage, starts the cool-down and returns
 * undefined (the caller falls back).
 */
export async function attempt<T>(
  name: ProviderName,
  call: (requestSignal: () => AbortSignal) => Promise<T>,
): Promise<T | undefined> {
  const state = states[name];
  try {
    const result = await call(() => AbortSignal.timeout(TIMEOUT_MS));
    if (state.failing) {
      state.failing = false;
      console.warn(JSON.stringify({ level: 'warn', msg: `geo: Amazon Location ${name} answers again` }));
    }
    return result;
  } catch (error) {
    state.retryAt = Date.now() + COOL_DOWN_MS;
    if (!state.failing) {
      state.failing = true;
      console.warn(
        JSON.stringify({
          level: 'warn',
          msg: `geo: Amazon Location ${name} failed; using ZIP centroids and the drive estimate`,
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        }),
      );
    }
    return undefined;
  }
}

/** Forgets outages (tests). */
export function resetProviders(): void {
  for (const state of Object.values(states)) Object.assign(state, { failing: false, retryAt: 0 });
}
