import { describe, expect, it } from 'vitest';
import { bookingReplyFixture } from '../../../../tests/booking-fixtures';
import {
  actionsOf,
  moneyLinesOf,
  progressOf,
  reviewStateOf,
  serviceNameOf,
  servicePriceOf,
  vehicleOf,
} from './display';
import type { BookingInfo } from './types';

const booking = (overrides: Partial<BookingInfo> = {}): BookingInfo => bookingReplyFixture(overrides);

describe('what a card shows', () => {
  it('the name and price as booked (the snapshot), not the live service’s', () => {
    expect(serviceNameOf(booking())).toBe('Oil Change');
    expect(servicePriceOf(booking())).toBe(79);
  });

  it('the custom name and price for a custom booking; no price when none was set', () => {
    const custom = booking({
      isCustomService: true,
      service: null,
      serviceName: 'Fleet wash',
      customServiceName: 'Fleet wash (3 vans)',
      customServicePrice: 240.5,
    });
    expect(serviceNameOf(custom)).toBe('Fleet wash (3 vans)');
    expect(servicePriceOf(custom)).toBe(240.5);
    expect(servicePriceOf({ ...custom, customServicePrice: null })).toBeNull();
  });

  it('the vehicle as year, make and model', () => {
    expect(vehicleOf(booking())).toBe('2019 Honda Civic');
  });

  it('the progress text only while Pending or Confirmed, and only when there is one', () => {
    expect(progressOf(booking({ serviceStatus: 'Technician on the way' }))).toBe('Technician on the way');
    expect(progressOf(booking({ status: 'Confirmed', serviceStatus: 'Parts ordered' }))).toBe(
      'Parts ordered',
    );
    expect(progressOf(booking({ status: 'Completed', serviceStatus: 'Done' }))).toBeNull();
    expect(progressOf(booking({ status: 'Cancelled', serviceStatus: 'x' }))).toBeNull();
    expect(progressOf(booking({ serviceStatus: '  ' }))).toBeNull();
  });
});

describe('what the customer may do (doc 2 §4)', () => {
  it('Pending: edit and cancel; Confirmed: cancel; others: neither', () => {
    expect(actionsOf(booking())).toMatchObject({ edit: true, cancel: true });
    expect(actionsOf(booking({ status: 'Confirmed' }))).toMatchObject({ edit: false, cancel: true });
    for (const status of ['Completed', 'Cancelled', 'Pending Verification'] as const) {
      expect(actionsOf(booking({ status }))).toMatchObject({ edit: false, cancel: false });
    }
  });

  it('Completed: a review, unless it was reviewed or its service removed', () => {
    expect(reviewStateOf(booking())).toEqual({ kind: 'none' });
    expect(reviewStateOf(booking({ status: 'Completed' }))).toEqual({ kind: 'open' });
    expect(reviewStateOf(booking({ status: 'Completed', service: null }))).toEqual({
      kind: 'disabled',
      label: 'Service No Longer Available',
    });
    expect(reviewStateOf(booking({ status: 'Completed', service: null, reviewed: true }))).toEqual({
      kind: 'disabled',
      label: 'Review Submitted',
    });
  });
});

describe('what was paid (issue 30)', () => {
  it('shows the amount charged and each refund, not the list price', () => {
    const paid = booking({
      status: 'Completed',
      payment: {
        status: 'paid',
        amount: 149,
        providerPaymentId: 'p1',
        failureReason: null,
        at: '2026-03-09T15:00:00.000Z',
        basis: 'workOrder',
        workOrderId: 'wo_1',
        tripFee: 0,
        attempts: 1,
        retriesStopped: false,
        tip: 0,
        tipRefundable: 0,
        refunded: 20,
        refundable: 129,
        refunds: [
          { _id: 'r1', amount: 20, tip: 0, reason: 'Goodwill', by: 'Admin', at: '2026-03-10T12:00:00.000Z' },
        ],
        link: null,
      },
    });
    expect(moneyLinesOf(paid)).toEqual(['Paid $149.00', 'Refunded $20.00']);
    expect(moneyLinesOf(booking())).toEqual([]);
  });
});
