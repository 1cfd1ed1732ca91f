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

/**
 * One SDK client, made on first use and kept; after a failed call it is dropped (and destroyed),
 * so a client left in a bad state is never used again. `kept` names the failures that say
 * nothing about the client (a refusal of the request itself): those keep it.
 */
export function droppedOnFailure<Sdk, Client extends { destroy(): void }>(make: (sdk: Sdk) => Client) {
  let client: Client | undefined;
  return async <T>(
    sdk: Sdk,
    call: (client: Client) => Promise<T>,
    kept: (error: unknown) => boolean = () => false,
  ): Promise<T> => {
    const used = (client ??= make(sdk));
    try {
      return await call(used);
    } catch (error) {
      if (!kept(error)) {
        if (client === used) client = undefined;
        used.destroy();
      }
      throw error;
    }
  };
}
