/** The about page's carousel advances every 5 seconds (doc 2 §9). */
export const CAROUSEL_INTERVAL_MS = 5000;

/** The slide after (step 1) or before (step -1) `index`, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
