import { business } from '../business';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatCents } from '../money';
import type { OrderLine } from '../payments/square';

/**
 * The payment link's mails (decision 070): the link itself, and the receipt
 * once Square says it was paid. What the customer or the admin typed (the
 * service's or the lines' names) appears only as labelled fields.
 */

export type LinkMailInfo = {
  to: string;
  /** 'Booking on Tuesday, December 1, 2026' or 'Work order WO-2026-0001': the shop's own words. */
  what: string;
  lines: readonly OrderLine[];
  amountCents: number;
  url: string;
};

const lineFields = (lines: readonly OrderLine[]): [string, string][] =>
  lines.map((line) => {
    const quantity = Number(line.quantity);
    const cents = Math.round(quantity * line.unitCents);
    return [
      line.name,
      quantity === 1 ? formatCents(cents) : `${line.quantity} × ${formatCents(line.unitCents)}`,
    ];
  });

export function paymentLinkMail(info: LinkMailInfo): Mail.Message {
  return composeMail(
    { to: info.to, replyTo: business.email, subject: `Your payment link from ${business.name}` },
    [
      'Hello,',
      `You can pay for your ${info.what.charAt(0).toLowerCase()}${info.what.slice(1)} online, by card, on our payment processor's secure page.`,
      { fields: [...lineFields(info.lines), ['Total', formatCents(info.amountCents)]] },
      { href: info.url, label: `Pay ${formatCents(info.amountCents)}` },
      'If you have already paid, please ignore this mail. Questions? Just reply.',
    ],
  );
}

export function paymentReceivedMail(info: {
  to: string;
  what: string;
  amountCents: number;
  paymentId: string;
}) {
  return composeMail(
    { to: info.to, replyTo: business.email, subject: `Payment received — ${business.name}` },
    [
      'Hello,',
      'Thank you: we received your payment.',
      {
        fields: [
          ['For', info.what],
          ['Amount', formatCents(info.amountCents)],
          ['Payment reference', info.paymentId],
        ],
      },
    ],
  );
}
