import { defaultServiceFilter } from '@app/core/service/filter';
import { describe, expect, it } from 'vitest';
import { filterFromSearch, searchFromFilter, validateServicesSearch } from './search';

describe('the services filter in the address', () => {
  it('leaves the unfiltered list as plain /services', () => {
    expect(searchFromFilter(defaultServiceFilter)).toEqual({});
    expect(filterFromSearch({})).toEqual(defaultServiceFilter);
    expect(validateServicesSearch({})).toEqual({});
  });

  it('round-trips a filter', () => {
    const filter = { search: 'brake', maxPrice: 300, buckets: ['under60', 'over240'] as const };
    const search = searchFromFilter(filter);
    expect(search).toEqual({ search: 'brake', maxPrice: 300, duration: 'under60,over240' });
    expect(filterFromSearch(search)).toEqual({ ...filter, buckets: ['under60', 'over240'] });
  });

  it('reads the values the router hands over (numbers parsed, strings kept)', () => {
    expect(filterFromSearch({ search: 123, maxPrice: '250', duration: 'over240' })).toEqual({
      search: '123',
      maxPrice: 250,
      buckets: ['over240'],
    });
    expect(filterFromSearch({ duration: ['120to240', 'under60'] }).buckets).toEqual(['under60', '120to240']);
  });

  it('drops or repairs what the sidebar could not have produced', () => {
    expect(filterFromSearch({ maxPrice: 'lots' }).maxPrice).toBe(1000);
    expect(filterFromSearch({ maxPrice: 5 }).maxPrice).toBe(50);
    expect(filterFromSearch({ maxPrice: 99999 }).maxPrice).toBe(1000);
    expect(filterFromSearch({ maxPrice: 104 }).maxPrice).toBe(100);
    expect(filterFromSearch({ duration: 'forever,under60,under60' }).buckets).toEqual(['under60']);
    expect(filterFromSearch({ search: { $ne: 1 } }).search).toBe('');
    expect(filterFromSearch({ search: 'x'.repeat(500) }).search).toHaveLength(100);
    expect(validateServicesSearch({ search: '   ', maxPrice: 1000, duration: '', other: 'x' })).toEqual({});
  });
});
