import { describe, expect, it } from 'vitest';
import type { TechJob } from './api';
import * as time from '@app/core/time';
import {
  addressLine,
  clockOf,
  completionHint,
  dayHeading,
  driveLine,
  nextStep,
  stateOf,
  stepOffered,
  techMessages,
  vehicleLine,
} from './display';

const progress = { onMyWayAt: null, etaAt: null, arrivedAt: null, startedAt: null };
const job = (overrides: Partial<TechJob> = {}) =>
  ({
    status: 'Confirmed',
    progress,
    driveMinutes: 12.4,
    fromBase: true,
    serviceAddress: null,
    vehicle: { year: 2018, make: 'Honda', model: 'Accord', color: 'Silver' },
    ...overrides,
  }) as TechJob;

describe("the technician's job card", () => {
  it('says where the drive comes from, in whole minutes', () => {
    expect(driveLine(job())).toBe('12 min drive from the base');
    expect(driveLine(job({ fromBase: false, driveMinutes: 25 }))).toBe('25 min drive from the previous job');
  });

  it('reads the address and the vehicle on one line each', () => {
    expect(addressLine(job())).toBe('No service address (at the shop)');
    const at = {
      street: '12 W Market St',
      unit: 'Apt 4',
      city: 'West Chester',
      state: 'PA',
      zipCode: '19382',
    };
    expect(addressLine(job({ serviceAddress: { ...at, accessNotes: '' } }))).toBe(
      '12 W Market St, Apt 4, West Chester, PA 19382',
    );
    expect(vehicleLine(job())).toBe('2018 Honda Accord (Silver)');
    expect(vehicleLine(job({ vehicle: { year: 2018, make: 'Honda', model: 'Accord', color: '' } }))).toBe(
      '2018 Honda Accord',
    );
  });

  it('offers each step while open and until it or a later one is recorded', () => {
    expect(stepOffered(job(), 'on-my-way')).toBe(true);
    const arrived = job({ progress: { ...progress, arrivedAt: '2026-11-25T14:00:00Z' } });
    expect(stateOf(arrived)).toBe('Arrived');
    expect(stepOffered(arrived, 'on-my-way')).toBe(false);
    expect(stepOffered(arrived, 'arrived')).toBe(false);
    expect(stepOffered(arrived, 'started')).toBe(true);
    expect(stepOffered(job({ status: 'Completed' }), 'started')).toBe(false);
    expect(stateOf(job({ status: 'Completed', progress: { ...progress, startedAt: 'x' } }))).toBe(
      'Completed',
    );
  });

  it('leads with the next step until the job has started; Completed only as the server rule allows (issue 30)', () => {
    const now = Date.parse(time.instantOf('2026-12-01', '08:00'));
    const today = job({ date: '2026-12-01' });
    expect(nextStep(today)).toBe('on-my-way');
    expect(nextStep(job({ progress: { ...progress, arrivedAt: 'x' } }))).toBe('started');
    expect(nextStep(job({ progress: { ...progress, startedAt: 'x' } }))).toBeNull();
    expect(completionHint(today, now)).toBeNull();
    expect(completionHint(job({ date: '2026-12-02' }), now)).toBe(techMessages.completeLater);
    // 11:30 PM in New York the night before is the next day in UTC: still refused.
    const lateEve = Date.parse(time.instantOf('2026-11-30', '23:30'));
    expect(completionHint(today, lateEve)).toBe(techMessages.completeLater);
    expect(
      completionHint(job({ date: '2026-12-02', progress: { ...progress, startedAt: 'x' } }), now),
    ).toBeNull();
    expect(completionHint(job({ status: 'Pending', date: '2026-12-01' }), now)).toBe(
      techMessages.completeConfirmed,
    );
  });
});

describe("the phone's times and date (issue 30)", () => {
  it("writes times as the business does, on its clock, and the day's date in words", () => {
    expect(clockOf('2026-11-27T14:05:00.000Z')).toBe('9:05 AM');
    expect(clockOf('2026-11-28T05:17:00.000Z')).toBe('12:17 AM');
    expect(clockOf(null)).toBe('');
    expect(dayHeading('2026-11-27')).toBe('Friday, November 27, 2026');
  });
});
