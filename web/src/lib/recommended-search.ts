/**
 * The recommended work a booking page's address carries (issue 33, decision 126): the follow-up's
 * link `?vehicle=<veh>&lines=<rec>,<rec>`. Ids only: the server reads and books only the signed-in
 * customer's own open lines.
 */
export type RecommendedSearch = { vehicle?: string; lines?: string[] };

const VEHICLE = /^veh_[0-9A-Z]{26}$/;
const LINE = /^rec_[0-9A-Z]{26}$/;

export function readRecommended(search: Record<string, unknown>): RecommendedSearch {
  const vehicle =
    typeof search.vehicle === 'string' && VEHICLE.test(search.vehicle) ? search.vehicle : undefined;
  if (!vehicle) return {};
  const raw = Array.isArray(search.lines) ? search.lines.join(',') : search.lines;
  const lines =
    typeof raw === 'string'
      ? raw
          .split(',')
          .filter((id) => LINE.test(id))
          .slice(0, 20)
      : [];
  return { vehicle, ...(lines.length ? { lines } : {}) };
}
