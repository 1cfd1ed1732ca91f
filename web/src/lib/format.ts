import { type Duration, parseDurationMinutes } from '@app/core/service/duration';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** '$89.00', '$1,250.00'. */
export const formatPrice = (dollars: number): string => usd.format(dollars);

/** Minutes for the card's 'Duration:' line: '90 minutes' for 90, '90 min' or '1.5 hours'; the raw text when it cannot be read. */
export function formatDuration(duration: Duration): string {
  const minutes = parseDurationMinutes(duration);
  if (minutes === null) return String(duration);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
