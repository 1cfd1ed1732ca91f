import { formatLongDate } from '@app/core/time';

/**
 * 'March 5, 2025' for an ISO instant, on its date in the business's time zone
 * (whatever the visitor's zone); '' when it is missing or cannot be read.
 * core/src/time.ts owns the zone and the format. It brings date-fns with it,
 * so only pages that show dates (blog, testimonials, about) load it, never the home page.
 */
export const formatDate = (iso: string | null | undefined): string => formatLongDate(iso);
