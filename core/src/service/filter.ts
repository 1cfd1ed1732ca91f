import { type Duration, type DurationBucket, durationBucket } from './duration';

/** The service list's filter (doc 1 §5), applied only when 'Apply Filters' is pressed. */
export const PRICE_FILTER = { min: 50, max: 1000, step: 10, default: 1000 } as const;

export type ServiceFilter = {
  search: string;
  maxPrice: number;
  buckets: readonly DurationBucket[];
};

export const defaultServiceFilter: ServiceFilter = {
  search: '',
  maxPrice: PRICE_FILTER.default,
  buckets: [],
};

type Filterable = { name: string; price: number; duration: Duration };

/** Whether two filters select the same services (the search as trimmed, the durations in any order). */
export const sameServiceFilter = (a: ServiceFilter, b: ServiceFilter): boolean =>
  a.search.trim() === b.search.trim() &&
  a.maxPrice === b.maxPrice &&
  a.buckets.length === b.buckets.length &&
  a.buckets.every((bucket) => b.buckets.includes(bucket));

export function filterServices<T extends Filterable>(services: readonly T[], filter: ServiceFilter): T[] {
  const search = filter.search.trim().toLowerCase();
  return services.filter((service) => {
    if (search && !service.name.toLowerCase().includes(search)) return false;
    if (service.price > filter.maxPrice) return false;
    if (filter.buckets.length > 0) {
      const bucket = durationBucket(service.duration);
      if (bucket === null || !filter.buckets.includes(bucket)) return false;
    }
    return true;
  });
}
