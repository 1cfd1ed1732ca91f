import { describe, expect, it } from 'vitest';
import { applyDecisions, approvalDigest, canonicalApproval } from './estimate-approval';
import { priceEstimate } from './pricing';
import type { EstimateLine } from './store';

/** Estimates approved line by line (issue 33, decision 125): the totals and the hash, pure. */

const line = (id: string, state: EstimateLine['state'], cents: number, group?: string): EstimateLine => ({
  id,
  description: `Line ${id}`,
  note: '',
  photoIds: [],
  state,
  hours: 0,
  hourlyRateCents: 7500,
  parts: [{ partNumber: '', description: 'part', quantity: 1, unitPriceCents: cents }],
  totalCents: cents,
  ...(group ? { group } : {}),
});

const base = {
  laborItems: [{ description: 'Diagnosis', hours: 1, hourlyRateCents: 100_00, totalCents: 100_00 }],
  partItems: [],
};

describe('priceEstimate', () => {
  it('totals the base and the approved lines only, taxed once, plus the trip fee', () => {
    const totals = priceEstimate({
      ...base,
      lines: [
        line('a', 'approved', 50_00),
        line('b', 'proposed', 80_00),
        line('c', 'declined', 20_00, 'Pads'),
        line('d', 'approved', 35_55, 'Pads'),
        line('e', 'deferred', 10_00),
      ],
      taxRate: 0.07,
      tripFeeCents: 25_00,
    });
    // (100 + 50 + 35.55) × 1.07 = 198.5385 → tax 12.99 (185.55 × 0.07 = 12.9885)
    expect(totals.pricing).toMatchObject({
      subtotalCents: 185_55,
      taxAmountCents: 12_99,
      totalAmountCents: 198_54,
    });
    expect(totals.totalCents).toBe(198_54 + 25_00);
    expect([totals.proposedCents, totals.approvedLinesCents, totals.declinedCents]).toEqual([
      80_00, 85_55, 30_00,
    ]);
    expect(totals.lineCents).toEqual([50_00, 80_00, 20_00, 35_55, 10_00]);
  });

  it('labour by the quarter hour and parts by quantity make a line’s price', () => {
    const l = {
      ...line('a', 'approved', 0),
      hours: 1.25,
      hourlyRateCents: 80_00,
      parts: [{ partNumber: '', description: '', quantity: 3, unitPriceCents: 9_99 }],
    };
    expect(priceEstimate({ laborItems: [], partItems: [], lines: [l], taxRate: 0 }).totalCents).toBe(
      100_00 + 29_97,
    );
  });

  it('choosing the other option of a group changes the total by the difference, as the customer sees it', () => {
    const lines = [line('x', 'approved', 100_00, 'Pads'), line('y', 'declined', 150_00, 'Pads')];
    const first = priceEstimate({ ...base, lines, taxRate: 0 });
    const swapped = priceEstimate({
      ...base,
      lines: lines.map((l) => ({ ...l, state: l.state === 'approved' ? 'declined' : 'approved' })),
      taxRate: 0,
    });
    expect(swapped.totalCents - first.totalCents).toBe(50_00);
  });
});

describe('the customer’s answer', () => {
  const lines = [
    line('a', 'proposed', 10_00),
    line('b', 'proposed', 20_00, 'G'),
    line('c', 'proposed', 30_00, 'G'),
  ];
  const at = '2026-11-28T16:00:00.000Z';

  it('answers every proposed line; refuses one left out, two options of a group, an unknown or decided line', () => {
    const next = applyDecisions(
      lines,
      [
        { lineId: 'a', decision: 'deferred' },
        { lineId: 'b', decision: 'approved' },
        { lineId: 'c', decision: 'declined' },
      ],
      at,
    );
    expect(next.map((l) => l.state)).toEqual(['deferred', 'approved', 'declined']);
    expect(() => applyDecisions(lines, [{ lineId: 'a', decision: 'approved' }], at)).toThrow(
      'Approve, decline or defer',
    );
    expect(() =>
      applyDecisions(
        lines,
        [
          { lineId: 'a', decision: 'approved' },
          { lineId: 'b', decision: 'approved' },
          { lineId: 'c', decision: 'approved' },
        ],
        at,
      ),
    ).toThrow('Pick one option of "G".');
    expect(() => applyDecisions(lines, [{ lineId: 'zz', decision: 'approved' }], at)).toThrow('not found');
    expect(() => applyDecisions(next, [{ lineId: 'a', decision: 'approved' }], at)).toThrow(
      'Only a proposed line',
    );
  });

  it('the hash binds exactly the approved set and the total: not the declined lines, not the order', () => {
    const approved = [line('a', 'approved', 10_00), line('b', 'approved', 20_00)];
    const digest = approvalDigest({ ...base, estimateLines: approved }, 140_00);
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    // A declined line added, the lines in another order: the same hash.
    expect(
      approvalDigest(
        { ...base, estimateLines: [line('z', 'declined', 99_00), ...approved.reverse()] },
        140_00,
      ),
    ).toBe(digest);
    // Another total, another price, one line fewer, one more approved: another hash.
    expect(approvalDigest({ ...base, estimateLines: approved }, 140_01)).not.toBe(digest);
    expect(
      approvalDigest(
        { ...base, estimateLines: [line('a', 'approved', 10_01), line('b', 'approved', 20_00)] },
        140_00,
      ),
    ).not.toBe(digest);
    expect(approvalDigest({ ...base, estimateLines: [line('a', 'approved', 10_00)] }, 140_00)).not.toBe(
      digest,
    );
    expect(
      approvalDigest({ ...base, estimateLines: [...approved, line('c', 'approved', 0)] }, 140_00),
    ).not.toBe(digest);
    expect(JSON.parse(canonicalApproval({ ...base, estimateLines: approved }, 140_00))).toMatchObject({
      totalCents: 140_00,
    });
  });
});
