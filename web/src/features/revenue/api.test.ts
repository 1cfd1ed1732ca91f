import { describe, expect, it } from 'vitest';
import { type RevenueReply, showsTechnicians } from './api';

type Shown = Parameters<typeof showsTechnicians>[0];
const month = (tips: number) => ({ tips }) as RevenueReply['thisMonth'];
const line = (technician: number, tips: number) =>
  ({ technician, revenue: 100, jobs: 1, tips }) as RevenueReply['byTechnician'][number];

describe('the revenue section’s technicians table', () => {
  it('is shown for one technician whose only tip was given back: their line reads $0.00 net', () => {
    const data: Shown = { thisMonth: month(17.9), byTechnician: [line(1, 0)] };
    expect(showsTechnicians(data)).toBe(true);
  });

  it('is shown for two technicians; not for one without tips', () => {
    expect(showsTechnicians({ thisMonth: month(0), byTechnician: [line(1, 0), line(2, 0)] })).toBe(true);
    expect(showsTechnicians({ thisMonth: month(0), byTechnician: [line(1, 0)] })).toBe(false);
  });
});
