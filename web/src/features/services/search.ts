import { type DurationBucket, durationBuckets } from '@app/core/service/duration';
import { defaultServiceFilter, PRICE_FILTER, type ServiceFilter } from '@app/core/service/filter';

/**
 * The services filter as /services carries it in its address, so Back and a
 * shared link keep it: `?search=brake&maxPrice=300&duration=under60,over240`.
 * A value at its default is left out, so the unfiltered list is plain /services.
 * Checked by hand, without zod, which stays out of the browser (docs/decisions/003).
 */
export type ServicesSearch = {
  search?: string;
  maxPrice?: number;
  /** Bucket ids, comma-separated, in the sidebar's order. */
  duration?: string;
};

const SEARCH_MAX_LENGTH = 100;

/** The price the slider can show: within its range, on its steps. */
function toPrice(value: unknown): number | undefined {
  const price = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof price !== 'number' || !Number.isFinite(price)) return undefined;
  const clamped = Math.min(PRICE_FILTER.max, Math.max(PRICE_FILTER.min, price));
  return PRICE_FILTER.min + Math.round((clamped - PRICE_FILTER.min) / PRICE_FILTER.step) * PRICE_FILTER.step;
}

function toBuckets(value: unknown): DurationBucket[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const wanted = new Set(
    parts.filter((part): part is string => typeof part === 'string').map((p) => p.trim()),
  );
  return durationBuckets.map((bucket) => bucket.id).filter((id) => wanted.has(id));
}

/** The applied filter an address asks for; anything unreadable falls back to its default. */
export function filterFromSearch(search: Record<string, unknown>): ServiceFilter {
  const text =
    typeof search.search === 'string' || typeof search.search === 'number' ? String(search.search) : '';
  return {
    search: text.slice(0, SEARCH_MAX_LENGTH),
    maxPrice: toPrice(search.maxPrice) ?? defaultServiceFilter.maxPrice,
    buckets: toBuckets(search.duration),
  };
}

/** The address's search params for a filter, leaving out what is at its default. */
export function searchFromFilter(filter: ServiceFilter): ServicesSearch {
  const search: ServicesSearch = {};
  if (filter.search.trim()) search.search = filter.search;
  if (filter.maxPrice !== defaultServiceFilter.maxPrice) search.maxPrice = filter.maxPrice;
  const buckets = toBuckets([...filter.buckets]);
  if (buckets.length > 0) search.duration = buckets.join(',');
  return search;
}

/** /services' validateSearch: any params in, only valid ones out. */
export const validateServicesSearch = (search: Record<string, unknown>): ServicesSearch =>
  searchFromFilter(filterFromSearch(search));
