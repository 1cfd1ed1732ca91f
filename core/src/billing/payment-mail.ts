import { business } from '../business';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatCents } from '../money';
import { formatDateTimeInZone } from '../time';
import type { ForBooking } from '../workorder/for-booking';
import { formatTaxRate } from '../workorder/pricing';
import type { BookingMailInfo } from '../booking/mail-info';
import { bookingReference } from '../booking/reference';
import type { Payment } from '../booking/store';

/**
 * What a charge is made of, as the receipt lists it (decision 068): the
 * work order's labor and part lines and its tax, or the booked service; and
 * the trip fee when there is one.
 */
export function receiptLines(
  payment: Payment,
  booking: { serviceName: string; priceCents: number },
  workOrder: ForBooking | undefined,
): [string, string][] {
  const trip: [string, string][] = payment.tripFeeCents
    ? [['Trip fee', formatCents(payment.tripFeeCents)]]
    : [];
  if (payment.basis === 'workOrder' && workOrder && workOrder.id === payment.workOrderId) {
    return [
      ['Work order', workOrder.workOrderNumber],
      ...workOrder.laborItems.map((l): [string, string] => [
        `Labor: ${l.description} (${l.hours} h)`,
        formatCents(l.totalCents),
      ]),
      ...workOrder.partItems.map((p): [string, string] => [
        `Part: ${p.description} × ${p.quantity}`,
        formatCents(p.totalCents),
      ]),
      [`Tax (${formatTaxRate(workOrder.taxRate)})`, formatCents(workOrder.taxCents)],
      ...trip,
    ];
  }
  return trip.length > 0
    ? [[`Service: ${booking.serviceName}`, formatCents(booking.priceCents)], ...trip]
    : [];
}

/** To the customer, when the shop refunds all or part of a payment. */
export function refundMail(
  b: BookingMailInfo,
  refund: { amountCents: number; tipCents?: number; reason: string; remainingCents: number },
): Mail.Message {
  // A tip given back is a line of its own (issue 35); the card gets both.
  const tip = refund.tipCents ?? 0;
  const total = formatCents(refund.amountCents + tip);
  return composeMail({ to: b.customerEmail, subject: `Refund: ${total} for ${b.serviceName}` }, [
    'Hello,',
    `${business.name} has refunded ${total} to the card you paid with. Depending on your bank it can take 5 to 10 business days to show on your statement.`,
    {
      fields: [
        ['Refunded', formatCents(refund.amountCents)],
        ...(tip > 0 ? ([['Tip refunded', formatCents(tip)]] as [string, string][]) : []),
        ['Reason', refund.reason],
        ['Still paid', formatCents(refund.remainingCents)],
        ['Service', b.serviceName],
        ['Date and time', formatDateTimeInZone(b.date, b.time)],
        ['Booking reference', bookingReference(b.id)],
      ],
    },
  ]);
}

/** To the customer, when a late cancellation was charged the fee the terms state. */
export function lateCancelFeeMail(
  b: BookingMailInfo,
  fee: { amountCents: number; hours: number; paid: boolean },
): Mail.Message {
  return composeMail(
    { to: b.customerEmail, subject: `Late cancellation fee: ${formatCents(fee.amountCents)}` },
    [
      'Hello,',
      fee.paid
        ? `As our terms state, cancelling within ${fee.hours} hours of the appointment carries a fee of ${formatCents(fee.amountCents)}. It has been charged to your card on file.`
        : `As our terms state, cancelling within ${fee.hours} hours of the appointment carries a fee of ${formatCents(fee.amountCents)}. We could not charge your card on file; we will contact you about it.`,
      {
        fields: [
          ['Service', b.serviceName],
          ['Date and time', formatDateTimeInZone(b.date, b.time)],
          ['Booking reference', bookingReference(b.id)],
        ],
      },
    ],
  );
}
