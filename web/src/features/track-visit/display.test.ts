import { describe, expect, it } from 'vitest';
import { detailOf, headlineOf, stepsOf } from './display';
import type { TrackingView } from './types';

const view = (overrides: Partial<TrackingView> = {}): TrackingView => ({
  state: 'on-the-way',
  technicianFirstName: 'Dana',
  serviceName: 'Oil Change',
  date: '2026-12-02',
  time: '11:00',
  etaAt: '2026-12-02T16:20:00.000Z',
  onMyWayAt: '2026-12-02T15:50:00.000Z',
  arrivedAt: null,
  startedAt: null,
  completedAt: null,
  ...overrides,
});

describe('the tracking page', () => {
  it('says who is on the way and when they should arrive, in the business zone', () => {
    expect(headlineOf(view())).toBe('Dana is on the way');
    expect(detailOf(view())).toBe('Expected to arrive about 11:20 AM (Eastern Time).');
    expect(headlineOf(view({ technicianFirstName: null }))).toBe('Your technician is on the way');
  });

  it('marks the steps reached, with their times, and the current one', () => {
    const steps = stepsOf(
      view({
        state: 'working',
        arrivedAt: '2026-12-02T16:18:00.000Z',
        startedAt: '2026-12-02T16:25:00.000Z',
      }),
    );
    expect(steps.map((s) => [s.label, s.done, s.current, s.at])).toEqual([
      ['On the way', true, false, '10:50 AM'],
      ['Arrived', true, false, '11:18 AM'],
      ['Working', true, true, '11:25 AM'],
      ['Done', false, false, ''],
    ]);
    expect(headlineOf(view({ state: 'done' }))).toBe('The work is done');
    expect(stepsOf(view({ state: 'cancelled' })).some((s) => s.current)).toBe(false);
  });
});
