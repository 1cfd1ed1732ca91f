import { createHash } from 'node:crypto';
import * as z from 'zod';
import { defineEntity, type TransactItem } from '../db/entity';
import type { KeyReader } from '../db/key-batch';
import { RecommendedWork } from '../garage/index';
import * as time from '../time';
import type { Decisions } from './input';
import { estimateMessages } from './estimate-input';
import { fail } from './messages';
import type { ApprovalChannel } from './model';
import { priceEstimate } from './pricing';
import {
  baseContent,
  type EstimateApproval,
  type EstimateLine,
  estimateLineContent,
  type Stored,
} from './store';

/**
 * The customer's answer to an estimate (issue 33, decision 125), whichever way it comes (the
 * link, in person, a call staff recorded): each proposed line approved, declined or deferred, at
 * most one line of each option group approved; the record binds a SHA-256 of exactly the approved
 * lines and the total; declined and deferred lines stay on the vehicle as recommended work, and the
 * estimate counters move, all in the answer's own transaction.
 */

type Choice = z.output<typeof Decisions>[number];

/** The lines with the customer's answers applied; refused (400/409) unless every proposed line is answered. */
export function applyDecisions(lines: readonly EstimateLine[], decisions: readonly Choice[], at: string) {
  const byId = new Map(decisions.map((d) => [d.lineId, d.decision]));
  for (const d of decisions) {
    const line = lines.find((l) => l.id === d.lineId);
    if (!line) fail('invalid', estimateMessages.lineNotFound);
    if (line.state !== 'proposed') fail('conflict', estimateMessages.notProposed, { changed: true });
  }
  const next = lines.map((line): EstimateLine => {
    if (line.state !== 'proposed') return line;
    const decision = byId.get(line.id);
    if (!decision) fail('invalid', estimateMessages.undecided(line.description));
    const { previousTotalCents: _shown, ...rest } = line;
    return { ...rest, state: decision, decidedAt: at };
  });
  const groups = new Map<string, number>();
  for (const line of next)
    if (line.group && line.state === 'approved') groups.set(line.group, (groups.get(line.group) ?? 0) + 1);
  for (const [group, count] of groups) if (count > 1) fail('invalid', estimateMessages.twoOptions(group));
  return next;
}

/** The canonical form the signature binds: the approved lines (base and estimate) and the total, in cents. */
export function canonicalApproval(
  wo: Pick<Stored, 'laborItems' | 'partItems'> & { estimateLines: readonly EstimateLine[] },
  totalCents: number,
): string {
  return JSON.stringify({
    base: baseContent(wo),
    approved: wo.estimateLines
      .filter((l) => l.state === 'approved')
      .map(estimateLineContent)
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    totalCents,
  });
}

/** SHA-256 (hex) of the canonical form: changes with any approved line, price or the total, and nothing else. */
export const approvalDigest = (...args: Parameters<typeof canonicalApproval>) =>
  createHash('sha256')
    .update(canonicalApproval(...args))
    .digest('hex');

/** The work order's estimate money: its base lines and approved estimate lines, taxed (pricing.ts's one function). */
export function repriced(
  wo: Pick<Stored, 'laborItems' | 'partItems' | 'pricing'>,
  lines: readonly EstimateLine[],
) {
  return priceEstimate({
    laborItems: wo.laborItems,
    partItems: wo.partItems,
    lines,
    taxRate: wo.pricing.taxRate,
  }).pricing;
}

export type Answer = {
  channel: ApprovalChannel;
  by: string;
  signed: boolean;
  phone?: EstimateApproval['phone'];
};

/**
 * The work order after the customer's answer, and what the answer's transaction writes besides it:
 * the recommended work (declined and deferred lines, on the garage vehicle) and the counters.
 * Without proposed lines and without decisions it is the plain acknowledgment (nothing changes).
 */
export function answered(
  wo: Stored,
  decisions: readonly Choice[] | undefined,
  answer: Answer,
  at: string,
  userId: string | undefined,
): {
  next: Pick<Stored, 'estimateLines' | 'pricing' | 'estimateApproval' | 'estimateTrail'>;
  items: TransactItem[];
} {
  const proposed = wo.estimateLines.filter((l) => l.state === 'proposed');
  if (proposed.length === 0 && (decisions ?? []).length === 0 && wo.estimateLines.length === 0) {
    return { next: wo, items: [] };
  }
  const lines = applyDecisions(wo.estimateLines, decisions ?? [], at);
  const pricing = repriced(wo, lines);
  const decided = lines.filter((l) => proposed.some((p) => p.id === l.id));
  // An option not picked where another of its group was is no work left undone: not recommended.
  const picked = new Set(lines.filter((l) => l.state === 'approved' && l.group).map((l) => l.group));
  const declined = decided.filter(
    (l): l is EstimateLine & { state: 'declined' | 'deferred' } =>
      (l.state === 'declined' || l.state === 'deferred') && !(l.group && picked.has(l.group)),
  );
  const approval: EstimateApproval = {
    at,
    by: answer.by,
    channel: answer.channel,
    ...(answer.phone ? { phone: answer.phone } : {}),
    approved: lines
      .filter((l) => l.state === 'approved')
      .map((l) => ({ id: l.id, description: l.description, totalCents: l.totalCents })),
    declined: lines
      .filter((l) => l.state === 'declined' || l.state === 'deferred')
      .map((l) => ({
        id: l.id,
        description: l.description,
        totalCents: l.totalCents,
        decision: l.state === 'deferred' ? ('deferred' as const) : ('declined' as const),
      })),
    totalCents: pricing.totalAmountCents,
    digest: approvalDigest({ ...wo, estimateLines: lines }, pricing.totalAmountCents),
    signed: answer.signed,
  };
  const items = [
    ...RecommendedWork.recommendationItems(
      { id: wo.id, vehicleId: wo.vehicleId, userId },
      declined.map((l) => ({
        lineId: l.id,
        description: l.description,
        priceCents: l.totalCents,
        photoIds: l.photoIds,
        note: l.note,
        decision: l.state,
      })),
      at,
    ),
    ...countDecided(
      at,
      decided.reduce((s, l) => s + l.totalCents, 0),
      decided.filter((l) => l.state === 'approved').reduce((s, l) => s + l.totalCents, 0),
    ),
  ];
  return {
    next: {
      estimateLines: lines,
      pricing,
      estimateApproval: approval,
      estimateTrail: wo.estimateApproval
        ? [...wo.estimateTrail, wo.estimateApproval].slice(-20)
        : wo.estimateTrail,
    },
    items,
  };
}

// ---------------------------------------------------------------------------
// The counters (the revenue section reads them): one item a month, moved in the writes' transactions.

const EstimateCounter = z.object({
  month: z.string().optional(),
  sent: z.number().int().optional(),
  decided: z.number().int().optional(),
  proposedCents: z.number().int().optional(),
  approvedCents: z.number().int().optional(),
});

const counter = defineEntity({
  name: 'estimateCounter',
  version: 1,
  schema: EstimateCounter,
  key: ({ month }: { month: string }) => ({ pk: 'COUNTER', sk: `ESTIMATES#${month}` }),
});

const monthOf = (at: string) => time.today(new Date(at)).slice(0, 7);

/** An estimate mailed to the customer with lines to answer (the acknowledgment link's transaction). */
export function countSent(at: string): TransactItem[] {
  const month = monthOf(at);
  return [counter.tx.upsert({ month }, { set: { month }, add: { sent: 1 } })];
}

/** An answer: the value of the lines answered and of those approved (before tax). */
function countDecided(at: string, proposedCents: number, approvedCents: number): TransactItem[] {
  if (proposedCents === 0 && approvedCents === 0) return [];
  const month = monthOf(at);
  return [
    counter.tx.upsert({ month }, { set: { month }, add: { decided: 1, proposedCents, approvedCents } }),
  ];
}

export type EstimateFigures = { sent: number; decided: number; proposedCents: number; approvedCents: number };

/** The key of a month's estimate counters, for the revenue dashboard's one batch read. */
export const estimateCounterKey = (month: string) => counter.key({ month });

/** A month's figures, from its counter item as read (absent: zeros). */
export function estimateFigures(item: z.output<typeof EstimateCounter> | undefined): EstimateFigures {
  return {
    sent: item?.sent ?? 0,
    decided: item?.decided ?? 0,
    proposedCents: item?.proposedCents ?? 0,
    approvedCents: item?.approvedCents ?? 0,
  };
}

/** A month's estimate figures (yyyy-MM); in a page's `KeyBatch` when given (the revenue dashboard's one read). */
export async function estimateFiguresOf(month: string, batch?: KeyReader): Promise<EstimateFigures> {
  return estimateFigures(await counter.get({ month }, batch ? { batch } : {}));
}
