import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
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
  return { lines, notes: notesOf(lines) };
}

/** The notes a booking of these lines carries. */
const notesOf = (lines: readonly VehicleLine[]) =>
  lines.length ? `Recommended work: ${lines.map((line) => line.description).join('; ')}.` : '';

/** The lines a booking takes, as the booking form carries them (the follow-up's link, or ticked in the form). */
export type RecommendedPick = RecommendedChoice & { notes: string };

/**
 * "Last time we recommended …": the lines, their prices and when (the booking page, the staff's job).
 * With `pick`, each line is a box that adds it to this booking (the booking form, issue 33).
 */
export function RecommendedLines({
  lines,
  pick,
}: {
  lines: readonly VehicleLine[];
  pick?: { chosen: readonly string[]; onToggle: (id: string) => void };
}) {
  const titleId = useId();
  if (lines.length === 0) return null;
  const text = (line: VehicleLine) =>
    `${line.description}${line.price > 0 ? ` (${formatPrice(line.price)})` : ''}, ${formatDate(line.recommendedAt)}`;
  return (
    <section className="card recommended-lines" aria-labelledby={titleId}>
      <h2 id={titleId}>{recommendedTexts.lastTime}</h2>
      {pick && <p className="recommended-lines__hint">{recommendedTexts.addHint}</p>}
      <ul className={pick ? 'recommended-lines__picks' : 'recommended-work__lines'}>
        {lines.map((line) => (
          <li key={line._id} data-testid="recommended-for-booking">
            {pick ? (
              <label className="check">
                <input
                  type="checkbox"
                  checked={pick.chosen.includes(line._id)}
                  onChange={() => pick.onToggle(line._id)}
                />
                {text(line)}
              </label>
            ) : (
              text(line)
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * In the booking form, once a garage vehicle is picked (issue 33): that vehicle's open recommended
 * work, each line a box that adds it to this booking; the booking carries the lines ticked as the
 * follow-up's link carries its own, and closes them.
 */
export function RecommendedOffer({
  vehicleId,
  onPick,
}: {
  vehicleId: string;
  onPick: (picked: RecommendedPick | undefined) => void;
}) {
  const { lines } = useRecommendedLines({ vehicleId, ids: [] });
  const [chosen, setChosen] = useState<string[]>([]);
  const onToggle = (id: string) => {
    const next = chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id];
    const picked = lines.filter((line) => next.includes(line._id));
    setChosen(next);
    onPick(picked.length ? { vehicleId, ids: picked.map((l) => l._id), notes: notesOf(picked) } : undefined);
  };
  return <RecommendedLines lines={lines} pick={{ chosen, onToggle }} />;
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
