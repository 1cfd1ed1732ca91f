import { describe, expect, it } from 'vitest';
import type { BoardJob } from '../../lib/dispatch';
import { addMinutes, eventsOf, hoursShown, laneId, technicianOf, UNASSIGNED } from './board-events';

const job = (overrides: Partial<BoardJob> = {}): BoardJob => ({
  _id: 'bkg_1',
  date: '2026-11-27',
  time: '10:00',
  duration: 90,
  status: 'Confirmed',
  state: 'Confirmed',
  progress: { onMyWayAt: null, etaAt: null, arrivedAt: null, startedAt: null },
  serviceName: 'Brake pads',
  customerName: 'Ana Lopez',
  vehicle: '2018 Honda Fit',
  address: null,
  technician: 2,
  driveMinutes: 25,
  ...overrides,
});

describe('the board’s events', () => {
  it('puts a job in its technician’s lane at its wall-clock time, its drive just before it', () => {
    const [drive, block] = eventsOf([job()]);
    expect(block).toMatchObject({
      id: 'bkg_1',
      resourceIds: ['t2'],
      start: '2026-11-27T10:00',
      end: '2026-11-27T11:30',
      editable: true,
    });
    expect(drive).toMatchObject({
      resourceIds: ['t2'],
      start: '2026-11-27T09:35',
      end: '2026-11-27T10:00',
      editable: false,
    });
    expect(drive?.title).toBe('25 min drive');
  });

  it('keeps an unassigned job in the Unassigned lane, without a drive, and a closed job in place', () => {
    expect(eventsOf([job({ technician: null, driveMinutes: null })])).toEqual([
      expect.objectContaining({ resourceIds: [UNASSIGNED] }),
    ]);
    expect(eventsOf([job({ status: 'Completed', state: 'Completed', driveMinutes: 0 })])[0]?.editable).toBe(
      false,
    );
  });

  it('names lanes both ways', () => {
    expect(laneId(3)).toBe('t3');
    expect(technicianOf('t3')).toBe(3);
    expect(technicianOf(UNASSIGNED)).toBeNull();
  });

  it('adds minutes across midnight', () => {
    expect(addMinutes('2026-11-27', '23:30', 45)).toBe('2026-11-28T00:15');
    expect(addMinutes('2026-11-27', '00:10', -20)).toBe('2026-11-26T23:50');
  });

  it('shows 07:00 to 19:00, widened to whole hours around any job and its drive', () => {
    expect(hoursShown([])).toEqual({ min: '07:00', max: '19:00' });
    expect(
      hoursShown([job({ time: '06:30', driveMinutes: 40 }), job({ time: '19:15', duration: 60 })]),
    ).toEqual({
      min: '05:00',
      max: '21:00',
    });
  });
});
