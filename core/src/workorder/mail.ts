import { linkPage } from '../auth/link-flows';
import { business } from '../business';
import { config } from '../config';
import { absoluteUrl } from '../links';
import { type MailBlock, composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatCents } from '../money';
import { formatInstant, formatLongDate, zoneName } from '../time';
import type { WorkOrder } from './model';

/**
 * The work-order mails: the work order itself (with its PDF), the
 * acknowledgment link, and the confirmations once the customer acknowledged
 * (to the customer and to the shop). As in the booking mails, what the
 * customer or the admin typed appears only as labelled fields, never in the
 * shop's own sentences or subjects; the number and the amounts are the shop's.
 */

const vehicleText = (v: WorkOrder['vehicle']) => [v.year, v.make, v.model].join(' ');

function summary(wo: WorkOrder): MailBlock {
  return {
    fields: [
      ['Work order', wo.workOrderNumber],
      ['Vehicle', vehicleText(wo.vehicle)],
      ['Service', wo.serviceDetails.description],
      ...(wo.scheduledDate ? ([['Scheduled', formatLongDate(wo.scheduledDate)]] as [string, string][]) : []),
      ['Total', formatCents(wo.pricing.totalAmountCents)],
    ],
  };
}

/** The work order, mailed by the shop, with its PDF attached (base64 of the bytes). */
export function workOrderMail(wo: WorkOrder, pdfBase64: string | null): Mail.Message {
  return composeMail(
    {
      to: wo.customer.email,
      replyTo: business.email,
      subject: `Your work order ${wo.workOrderNumber} from ${business.name}`,
      ...(pdfBase64
        ? {
            attachments: [
              {
                filename: `WorkOrder-${wo.workOrderNumber}.pdf`,
                contentType: 'application/pdf',
                content: pdfBase64,
                encoding: 'base64' as const,
              },
            ],
          }
        : {}),
    },
    [
      'Hello,',
      pdfBase64
        ? 'Your work order is attached as a PDF. Here is a summary:'
        : 'Here is a summary of your work order:',
      summary(wo),
      'You can download it at any time from our work order portal with its number and your email address.',
      { href: absoluteUrl('/work-order-portal'), label: 'Work order portal' },
      `Questions? Reply to this mail or call us at ${business.phone}.`,
    ],
  );
}

/** The acknowledgment link (single use, expiring). */
export function acknowledgmentLinkMail(wo: WorkOrder, token: string, expiresAt: Date): Mail.Message {
  return composeMail(
    {
      to: wo.customer.email,
      replyTo: business.email,
      subject: `Please review and acknowledge work order ${wo.workOrderNumber}`,
    },
    [
      'Hello,',
      'Please review your work order and acknowledge it with the link below.',
      summary(wo),
      {
        href: absoluteUrl(linkPage('acknowledge-work-order', token)),
        label: 'Review and acknowledge the work order',
      },
      `The link works once and until ${formatInstant(expiresAt)} ${zoneName()}. If it has expired, contact us for a new one.`,
    ],
  );
}

/** To the customer, once acknowledged. */
export function acknowledgedMail(
  wo: WorkOrder,
  by: { name: string; email: string },
  at: string,
): Mail.Message {
  return composeMail(
    {
      to: wo.customer.email,
      replyTo: business.email,
      subject: `Work order ${wo.workOrderNumber} acknowledged`,
    },
    [
      'Hello,',
      'Thank you: we received your acknowledgment of this work order.',
      summary(wo),
      {
        fields: [
          ['Acknowledged by', by.name],
          ['Acknowledged at', formatInstant(at)],
        ],
      },
      { href: absoluteUrl('/work-order-portal'), label: 'Download your work order' },
    ],
  );
}

/** To the shop, once acknowledged. */
export function shopAcknowledgedMail(
  wo: WorkOrder,
  by: { name: string; email: string },
  at: string,
  signed: boolean,
): Mail.Message {
  return composeMail(
    {
      to: config().businessEmail,
      replyTo: wo.customer.email,
      subject: `Work order ${wo.workOrderNumber} was acknowledged`,
    },
    [
      'A customer acknowledged a work order.',
      summary(wo),
      {
        fields: [
          ['Acknowledged by', by.name],
          ['Email', by.email],
          ['Acknowledged at', formatInstant(at)],
          ['Signature', signed ? 'Drawn signature on file' : 'No drawn signature'],
        ],
      },
    ],
  );
}
