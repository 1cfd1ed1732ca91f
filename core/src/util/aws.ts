import { config } from '../config';

/**
 * What every AWS SDK client of core shares: the region and, on the local stack, the stand-in's
 * endpoint with fixed credentials (the stand-ins accept any; fixed ones keep the SDK from searching
 * for real ones).
 */
export function awsClientOptions(
  endpoint: keyof Extract<ReturnType<typeof config>, { mode: 'local' }>['endpoints'],
) {
  const cfg = config();
  return {
    region: cfg.region,
    ...(cfg.mode === 'local'
      ? { endpoint: cfg.endpoints[endpoint], credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  };
}

/**
 * An SDK module loaded on first use, once: most requests never need it, so on AWS it is a chunk
 * of its own (functions/src/lambda/bundle.ts).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
