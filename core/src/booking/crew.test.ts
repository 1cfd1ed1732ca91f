import { describe, expect, it } from 'vitest';
import { Crew } from './crew';

describe('Crew.occupancy', () => {
  it('covers the job and the drive after it, in 15-minute blocks named by their UTC instant', () => {
    // 09:00 in West Chester on 2026-11-23 is 14:00 UTC (EST, UTC−5); 60 minutes + 30 minutes of driving.
    const occupancy = Crew.occupancy('2026-11-23', '09:00', 60, 30);
    expect(occupancy.start).toBe('2026-11-23T14:00:00.000Z');
    expect(occupancy.end).toBe('2026-11-23T15:30:00.000Z');
    expect(occupancy.blocks).toEqual([
      '2026-11-23T14:00Z',
      '2026-11-23T14:15Z',
      '2026-11-23T14:30Z',
      '2026-11-23T14:45Z',
      '2026-11-23T15:00Z',
      '2026-11-23T15:15Z',
    ]);
  });

  it('rounds a start or an end off the quarter hour outwards', () => {
    const occupancy = Crew.occupancy('2026-07-01', '10:10', 20, 0);
    // EDT (UTC−4): 14:10–14:30 UTC touches the 14:00 and 14:15 blocks.
    expect(occupancy.blocks).toEqual(['2026-07-01T14:00Z', '2026-07-01T14:15Z']);
  });

  it('is right across the spring-forward night: 01:30 + 90 minutes ends at 04:00 on the wall clock', () => {
    const occupancy = Crew.occupancy('2026-03-08', '01:30', 60, 30);
    expect(occupancy.start).toBe('2026-03-08T06:30:00.000Z');
    expect(occupancy.end).toBe('2026-03-08T08:00:00.000Z');
    expect(occupancy.blocks).toHaveLength(6);
  });

  it('keeps jobs on the fall-back night apart: 01:00 and the repeated hour are different instants', () => {
    const first = Crew.occupancy('2026-11-01', '00:30', 60, 0);
    const second = Crew.occupancy('2026-11-01', '02:00', 60, 0);
    expect(first.blocks.some((block) => second.blocks.includes(block))).toBe(false);
  });
});

describe('Crew.freeTechnicians', () => {
  const blocks = Crew.occupancy('2026-11-23', '09:00', 60, 30).blocks;

  it('lists the technicians whose blocks do not meet the job, lowest first', () => {
    const busy = new Map([
      [1, new Set(['2026-11-23T15:15Z'])],
      [3, new Set(['2026-11-23T20:00Z'])],
    ]);
    expect(Crew.freeTechnicians(blocks, busy, 3)).toEqual([2, 3]);
    expect(Crew.freeTechnicians(blocks, busy, 1)).toEqual([]);
    expect(Crew.freeTechnicians(blocks, new Map(), 2)).toEqual([1, 2]);
  });

  it('treats a job that starts when the drive ends as free', () => {
    const later = Crew.occupancy('2026-11-23', '10:30', 60, 30).blocks;
    expect(Crew.freeTechnicians(later, new Map([[1, new Set(blocks)]]), 1)).toEqual([1]);
  });
});
