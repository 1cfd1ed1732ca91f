import { describe, expect, it } from 'vitest';
import { MAX_LEGS, readDriveTimes, writeDriveTimes } from './drive-times';

/** The kept drive times' item (decision 105): only new entries written, bounded, starting over when full. */
describe('drive times kept in the table', () => {
  const to = (i: number) => `40.${String(i).padStart(5, '0')},-75.00000`;
  const all = Array.from({ length: MAX_LEGS + 1 }, (_, i) => to(i));

  it('adds entries to an origin’s item without losing the others, up to MAX_LEGS; then starts over', async () => {
    await writeDriveTimes(new Map([[`A>${to(0)}`, 15]]));
    await writeDriveTimes(new Map([[`A>${to(1)}`, 20]]));
    expect(await readDriveTimes(['A'], [to(0), to(1), to(2)])).toEqual(
      new Map([
        [`A>${to(0)}`, 15],
        [`A>${to(1)}`, 20],
      ]),
    );
    // Filled to MAX_LEGS in a few writes: all kept.
    const rest = all.slice(2, MAX_LEGS).map((point) => [`A>${point}`, 30] as const);
    for (let i = 0; i < rest.length; i += 50) await writeDriveTimes(new Map(rest.slice(i, i + 50)));
    expect((await readDriveTimes(['A'], all)).size).toBe(MAX_LEGS);
    // One more does not fit: the item starts over with the new entry alone.
    await writeDriveTimes(new Map([[`A>${to(MAX_LEGS)}`, 25]]));
    expect(await readDriveTimes(['A'], all)).toEqual(new Map([[`A>${to(MAX_LEGS)}`, 25]]));
    // Another origin's item is its own.
    expect((await readDriveTimes(['B'], all)).size).toBe(0);
  });
});
