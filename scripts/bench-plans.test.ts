import { describe, expect, it } from 'vitest';
import { overlapsOf } from './bench-plans';

/** The plans bench's check of a technician's day (issue 35): it must find an overlap, not only pass. */
describe('overlapsOf', () => {
  const job = (id: string, start: string, end: string) => ({
    id,
    start: `2027-01-04T${start}:00.000Z`,
    end: `2027-01-04T${end}:00.000Z`,
  });

  it('finds two jobs that overlap, in any order, and none that only touch', () => {
    expect(overlapsOf([job('b', '13:00', '14:30'), job('a', '12:00', '13:30')])).toEqual(['a / b']);
    expect(overlapsOf([job('a', '12:00', '13:30'), job('b', '13:30', '15:00')])).toEqual([]);
    expect(
      overlapsOf([job('a', '12:00', '18:00'), job('b', '13:00', '13:30'), job('c', '14:00', '15:00')]),
    ).toEqual(['a / b', 'a / c']);
  });
});
