/**
 * What every latency figure of `npm run bench` is made of: `requests` calls, `concurrency` of them
 * in flight at once (each caller takes the next request as soon as its own answers), each call timed,
 * and the p50 / p99 of those times. One loop for every section, so their figures compare.
 */

/** The `p`-th percentile of times sorted from fastest; NaN when there are none. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Each call's milliseconds, sorted from fastest. */
export async function timeCalls(
  call: () => Promise<unknown>,
  { concurrency, requests }: { concurrency: number; requests: number },
): Promise<number[]> {
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next += 1;
        const t = performance.now();
        await call();
        samples.push(performance.now() - t);
      }
    }),
  );
  return samples.sort((a, b) => a - b);
}

export type Latency = { p50: number; p99: number; requests: number };

export const latencyOf = (sorted: number[]): Latency => ({
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  requests: sorted.length,
});

/** A GET over HTTP that must answer 2xx, its body read to the end as a browser would. */
export async function getOk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}
