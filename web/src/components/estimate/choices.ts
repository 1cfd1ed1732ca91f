import { toCents } from '@app/core/money';
import { priceEstimate } from '@app/core/workorder/pricing';

/**
 * The customer's choices on an estimate (issue 33, decision 125), pure: the acknowledgment page
 * and the technician's phone hold them in their form as `choices` (a line's answer under
 * `l<index>`, an option group's pick under `g<index>`), and turn them into the decisions the API
 * takes. The live total is core's `priceEstimate`, the server's own function.
 */

export type EstimateLineView = {
  id: string;
  description: string;
  note: string;
  photoIds: string[];
  group: string | null;
  state: string;
  hours: number;
  hourlyRate: number;
  parts: { quantity: number; unitPrice: number }[];
  total: number;
  previousTotal: number | null;
};

export type EstimateViewJson = { lines: EstimateLineView[]; tripFee: number; taxRate: number; total: number };

export type Choices = Record<string, string>;
export type Decision = { lineId: string; decision: 'approved' | 'declined' | 'deferred' };

/** The proposed lines, each alone or in its option group, in the order they came. */
export function answerable(lines: readonly EstimateLineView[]) {
  const proposed = lines.filter((l) => l.state === 'proposed');
  const groups: { key: string; name: string; lines: EstimateLineView[] }[] = [];
  const singles: { key: string; line: EstimateLineView }[] = [];
  for (const line of proposed) {
    if (line.group) {
      let group = groups.find((g) => g.name === line.group);
      if (!group) groups.push((group = { key: `g${groups.length}`, name: line.group, lines: [] }));
      group.lines.push(line);
    } else singles.push({ key: `l${proposed.indexOf(line)}`, line });
  }
  return { groups, singles };
}

/** Each proposed line's answer, or null while one is left unanswered. */
export function decisionsOf(lines: readonly EstimateLineView[], choices: Choices): Decision[] | null {
  const { groups, singles } = answerable(lines);
  const decisions: Decision[] = [];
  for (const { key, line } of singles) {
    const answer = choices[key];
    if (answer !== 'approved' && answer !== 'declined' && answer !== 'deferred') return null;
    decisions.push({ lineId: line.id, decision: answer });
  }
  for (const group of groups) {
    const picked = choices[group.key];
    if (!picked) return null;
    for (const line of group.lines)
      decisions.push({ lineId: line.id, decision: line.id === picked ? 'approved' : 'declined' });
  }
  return decisions;
}

/** The estimate's total with the answers so far (an unanswered line counts as not approved), in dollars. */
export function liveTotal(
  base: {
    laborItems: { hours: number; hourlyRate: number }[];
    partItems: { quantity: number; unitPrice: number }[];
  },
  estimate: EstimateViewJson,
  choices: Choices,
): number {
  const chosen = new Map(
    (decisionsOf(estimate.lines, choices) ?? partial(estimate.lines, choices)).map((d) => [
      d.lineId,
      d.decision,
    ]),
  );
  const cents = priceEstimate({
    laborItems: base.laborItems.map((l) => ({ hours: l.hours, hourlyRateCents: toCents(l.hourlyRate) })),
    partItems: base.partItems.map((p) => ({ quantity: p.quantity, unitPriceCents: toCents(p.unitPrice) })),
    lines: estimate.lines.map((l) => ({
      state: chosen.get(l.id) ?? l.state,
      hours: l.hours,
      hourlyRateCents: toCents(l.hourlyRate),
      parts: l.parts.map((p) => ({ quantity: p.quantity, unitPriceCents: toCents(p.unitPrice) })),
    })),
    taxRate: estimate.taxRate,
    tripFeeCents: toCents(estimate.tripFee),
  });
  return cents.totalCents / 100;
}

/** The answers given so far, while some are missing. */
function partial(lines: readonly EstimateLineView[], choices: Choices): Decision[] {
  const { groups, singles } = answerable(lines);
  return [
    ...singles.flatMap(({ key, line }) =>
      choices[key] === 'approved' ? [{ lineId: line.id, decision: 'approved' as const }] : [],
    ),
    ...groups.flatMap((g) =>
      g.lines
        .filter((l) => l.id === choices[g.key])
        .map((l) => ({ lineId: l.id, decision: 'approved' as const })),
    ),
  ];
}
