import { describe, expect, it } from 'vitest';
import { jobState } from './job-state';

describe('jobState', () => {
  it('is the status while the visit has not begun', () => {
    expect(jobState('Confirmed', undefined)).toBe('Confirmed');
    expect(jobState('Pending', {})).toBe('Pending');
  });

  it('is the furthest step recorded while the job is open', () => {
    const at = '2026-11-26T15:00:00.000Z';
    expect(jobState('Confirmed', { onMyWayAt: at })).toBe('On my way');
    expect(jobState('Confirmed', { onMyWayAt: at, arrivedAt: at })).toBe('Arrived');
    expect(jobState('Pending', { arrivedAt: at, startedAt: at })).toBe('Started');
  });

  it('is the status once the job is closed', () => {
    const at = '2026-11-26T15:00:00.000Z';
    expect(jobState('Completed', { startedAt: at })).toBe('Completed');
    expect(jobState('Cancelled', { onMyWayAt: at })).toBe('Cancelled');
  });
});
