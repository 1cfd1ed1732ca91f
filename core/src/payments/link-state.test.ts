import { describe, expect, it } from 'vitest';
import { bookingMayGetLink, paymentLabel, workOrderMayGetLink } from './link-state';

const link = { sentAt: '2026-11-25T10:00:00.000Z', paidAt: null };

describe('payment labels and the "Send payment link" rule', () => {
  it('labels a payment: paid, link sent, declined, pending', () => {
    expect(paymentLabel(null)).toBeNull();
    expect(paymentLabel({ status: 'paid', link: { ...link, paidAt: link.sentAt } })).toBe('Paid');
    expect(paymentLabel({ status: 'failed', link })).toBe('Link sent');
    expect(paymentLabel({ status: 'pending', link })).toBe('Link sent');
    expect(paymentLabel({ status: 'failed', link: null })).toBe('Declined');
    expect(paymentLabel({ status: 'pending', link: null })).toBe('Payment pending');
  });

  it('offers a link for a declined, phone or already-linked booking with an email, never a paid or cancelled one', () => {
    const base = { status: 'Completed', createdByAdmin: false, user: { email: 'a@example.com' } };
    expect(bookingMayGetLink({ ...base, payment: { status: 'failed', link: null } })).toBe(true);
    expect(bookingMayGetLink({ ...base, payment: { status: 'pending', link } })).toBe(true);
    expect(bookingMayGetLink({ ...base, createdByAdmin: true, payment: null })).toBe(true);
    expect(bookingMayGetLink({ ...base, payment: null })).toBe(false);
    expect(bookingMayGetLink({ ...base, payment: { status: 'paid', link: null } })).toBe(false);
    expect(
      bookingMayGetLink({ ...base, status: 'Cancelled', payment: { status: 'failed', link: null } }),
    ).toBe(false);
    expect(bookingMayGetLink({ ...base, user: null, payment: { status: 'failed', link: null } })).toBe(false);
  });

  it('offers a link for an unpaid work order with an email and a total', () => {
    const wo = { status: 'completed', customer: { email: 'a@example.com' }, pricing: { totalAmount: 10 } };
    expect(workOrderMayGetLink({ ...wo, payment: null })).toBe(true);
    expect(workOrderMayGetLink({ ...wo, payment: { status: 'paid', link } })).toBe(false);
    expect(workOrderMayGetLink({ ...wo, status: 'cancelled', payment: null })).toBe(false);
    expect(workOrderMayGetLink({ ...wo, pricing: { totalAmount: 0 }, payment: null })).toBe(false);
  });
});
