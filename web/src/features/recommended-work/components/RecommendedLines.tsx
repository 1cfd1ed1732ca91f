import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/date';
import { formatPrice } from '../../../lib/format';
import { type VehicleLine, vehicleLinesQueryOptions } from '../api';
import { recommendedTexts } from '../texts';
import '../recommended-work.css';

/** What a booking page carries of recommended work: the vehicle and the lines (the follow-up's link). */
export type RecommendedChoice = { vehicleId: string; ids: string[] };

/**
 * A vehicle's open recommended work, for a booking of it (issue 33): all of it, or only the lines
 * `ids` names (the follow-up's link). Read only when `enabled` (a signed-in caller); the lines and
 * the notes a booking of them carries.
 */
export function useRecommendedLines(choice: RecommendedChoice | undefined, enabled = true) {
  const query = useQuery({
    ...vehicleLinesQueryOptions(choice?.vehicleId ?? ''),
    enabled: enabled && !!choice,
  });
  const lines = (query.data ?? []).filter((line) => !choice?.ids.length || choice.ids.includes(line._id));
  const notes = lines.length ? `Recommended work: ${lines.map((line) => line.description).join('; ')}.` : '';
  return { lines, notes };
}

/** "Last time we recommended …": the lines, their prices and when (the booking page, the staff's job). */
export function RecommendedLines({ lines }: { lines: readonly VehicleLine[] }) {
  if (lines.length === 0) return null;
  return (
    <section className="card recommended-lines" aria-labelledby="recommended-lines-title">
      <h2 id="recommended-lines-title">{recommendedTexts.lastTime}</h2>
      <ul className="recommended-work__lines">
        {lines.map((line) => (
          <li key={line._id} data-testid="recommended-for-booking">
            {line.description}
            {line.price > 0 && ` (${formatPrice(line.price)})`}, {formatDate(line.recommendedAt)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** For the staff (a desk booking card, a technician's job): the vehicle's open recommended work, in a line. */
export default function VehicleRecommended({ vehicleId }: { vehicleId: string }) {
  const { lines } = useRecommendedLines({ vehicleId, ids: [] });
  if (lines.length === 0) return null;
  return (
    <p className="recommended-staff" data-testid="recommended-staff">
      <strong>{recommendedTexts.lastTime}:</strong>{' '}
      {lines
        .map((line) => `${line.description}${line.price > 0 ? ` (${formatPrice(line.price)})` : ''}`)
        .join('; ')}
    </p>
  );
}
