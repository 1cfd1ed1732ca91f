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
