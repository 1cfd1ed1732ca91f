/**
 * Runs `work` and answers no sooner than `floorMs` after the start, whether
 * it succeeded or failed, so the time of a reply does not tell which path the
 * work took (e.g. whether an address has an account). The floor must exceed
 * the slow path's usual time; past it the difference shows again, so the
 * paths should also do similar work (decision 009).
 */
export async function takeAtLeast<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const pause = () =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, floorMs - (Date.now() - started))));
  try {
    const result = await work();
    await pause();
    return result;
  } catch (error) {
    await pause();
    throw error;
  }
}

/**
 * A moving average of how long some work takes here, for answering as slowly
 * as that work would without doing it (decision 017). `now` is the clock it
 * reads (tests pass their own).
 */
export function typicalDuration(weight = 0.2, now: () => number = () => performance.now()) {
  let typical: number | undefined;
  return {
    /**
     * Runs `work`, and counts its time into the average when it completes: work
     * refused part way (a full hash queue, a limit) is not the work being timed.
     */
    async measure<T>(work: () => Promise<T>): Promise<T> {
      const started = now();
      const result = await work();
      const took = now() - started;
      typical = typical === undefined ? took : (1 - weight) * typical + weight * took;
      return result;
    },
    /** The average so far, or undefined before the first measurement. */
    get ms() {
      return typical;
    },
  };
}
