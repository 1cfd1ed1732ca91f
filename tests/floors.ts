import type * as Timing from '@app/core/util/timing';

/**
 * What `takeAtLeast` (core/src/util/timing.ts) was asked during a test: each
 * floor, and how many of those pauses have ended. A test file records them with
 *
 *   vi.mock('@app/core/util/timing', async (real) =>
 *     (await import('<path>/tests/floors')).recordingFloors(await real()));
 *
 * and then checks that a reply went through the floor, instead of timing the
 * reply on a shared machine's clock (the floor itself is proved on fake timers
 * in core/src/util/timing.test.ts).
 */
export const floors = { asked: [] as number[], ended: 0 };

/** The timing module with `takeAtLeast` recorded (it still waits as the real one does). */
export function recordingFloors(real: typeof Timing): typeof Timing {
  return {
    ...real,
    takeAtLeast: (floorMs, work) => {
      floors.asked.push(floorMs);
      return real.takeAtLeast(floorMs, work).finally(() => {
        floors.ended += 1;
      });
    },
  };
}

/** Runs `request` and says which floors it asked for and how many of them ended before it answered. */
export async function floorsOf<T>(
  request: () => T | Promise<T>,
): Promise<{ result: T; asked: number[]; ended: number }> {
  const asked = floors.asked.length;
  const ended = floors.ended;
  const result = await request();
  return { result, asked: floors.asked.slice(asked), ended: floors.ended - ended };
}
