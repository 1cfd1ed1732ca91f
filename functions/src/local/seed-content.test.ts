import { describe, expect, it } from 'vitest';
import { seedTestimonials } from './seed-content';

describe('seedTestimonials', () => {
  it('dates the testimonials back from the seed time: the newest a few days old, none in the future', () => {
    const now = new Date('2027-03-10T12:00:00.000Z');
    const ages = seedTestimonials(now).map(
      (t) => (now.getTime() - new Date(t.createdAt!).getTime()) / 86_400_000,
    );
    expect(ages).toHaveLength(7);
    expect(Math.min(...ages)).toBeGreaterThan(2);
    expect(Math.min(...ages)).toBeLessThan(4);
    expect(Math.max(...ages)).toBeLessThan(90);
    // Newest first, as the page lists them.
    expect([...ages].sort((a, b) => a - b)).toEqual(ages);
  });

  it('moves with the seed time', () => {
    const later = new Date('2028-01-01T12:00:00.000Z');
    expect(seedTestimonials(later)[0]!.createdAt!.startsWith('2027-12-29')).toBe(true);
  });
});
