import { describe, expect, it } from 'vitest';
import { defaultServiceFilter, filterServices } from './filter';

const services = [
  { name: 'Mobile Oil Change', price: 89, duration: 45 },
  { name: 'Brake Pad Replacement', price: 249, duration: '2 hours' },
  { name: 'Full Detail', price: 299, duration: '4 hours' },
  { name: 'Ceramic Coating', price: 899, duration: 480 },
  { name: 'Fleet Inspection', price: 1200, duration: 'ask us' },
  { name: 'Free Check', price: 0, duration: 0 },
];
const names = (list: { name: string }[]) => list.map((s) => s.name);

describe('filterServices', () => {
  it('keeps services up to the default maximum price of 1000', () => {
    expect(names(filterServices(services, defaultServiceFilter))).not.toContain('Fleet Inspection');
    expect(filterServices(services, defaultServiceFilter)).toHaveLength(5);
  });

  it('matches the name case-insensitively as a substring', () => {
    expect(names(filterServices(services, { ...defaultServiceFilter, search: '  BRAKE ' }))).toEqual([
      'Brake Pad Replacement',
    ]);
  });

  it('hides services priced above the chosen maximum and keeps one priced exactly at it', () => {
    expect(names(filterServices(services, { ...defaultServiceFilter, maxPrice: 249 }))).toEqual([
      'Mobile Oil Change',
      'Brake Pad Replacement',
      'Free Check',
    ]);
  });

  it('keeps services in any selected bucket and drops unknown or zero durations', () => {
    expect(
      names(filterServices(services, { search: '', maxPrice: 2000, buckets: ['under60', 'over240'] })),
    ).toEqual(['Mobile Oil Change', 'Ceramic Coating']);
    expect(names(filterServices(services, { search: '', maxPrice: 2000, buckets: ['120to240'] }))).toEqual([
      'Full Detail',
    ]);
  });

  it('keeps unknown and zero durations when no bucket is selected', () => {
    expect(names(filterServices(services, { search: '', maxPrice: 2000, buckets: [] }))).toContain(
      'Free Check',
    );
  });
});
