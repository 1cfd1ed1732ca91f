import { linkPage } from '../auth/link-flows';
import { business } from '../business';
import { config } from '../config';
import type { VehicleDue } from '../garage/due';
import { absoluteUrl } from '../links';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatLongDate } from '../time';

/**
 * "Your car is due" (issue 34, decision 124): the notice's mail and text.
 * A marketing message: it carries the booking link (the service, the
 * vehicle and the address already chosen, for the signed-in customer only),
 * "Not now" (closes this item) and the unsubscribe from all marketing (the
 * link and the RFC 8058 header); the text ends with STOP.
 */
export type DueFacts = {
  to: string;
  vehicle: string;
  item: Pick<VehicleDue, 'serviceId' | 'serviceName' | 'dueDate' | 'dueMiles' | 'estimate' | 'vehicleId'>;
  /** The saved address of the job, when the customer still keeps it. */
  addressId?: string;
  notNowToken: string;
  unsubscribeToken: string;
};

/** The booking page for the service, with the vehicle and the address chosen (ids only: the page reads them signed in). */
export function bookPath(facts: Pick<DueFacts, 'item' | 'addressId'>): string {
  const query = new URLSearchParams({ vehicle: facts.item.vehicleId });
  if (facts.addressId) query.set('address', facts.addressId);
  return `/book/${encodeURIComponent(facts.item.serviceId)}?${query.toString()}`;
}

/** When it is due, in words: the date, and the mileage when known (an estimate). */
export function dueWhen(item: DueFacts['item']): string {
  const miles = item.dueMiles !== undefined ? ` or at ${item.dueMiles.toLocaleString('en-US')} miles` : '';
  return `${formatLongDate(item.dueDate)}${miles}, whichever comes first`;
}

export const dueSubject = (facts: Pick<DueFacts, 'vehicle' | 'item'>) =>
  `Your ${facts.vehicle} is due for ${facts.item.serviceName}`;

export function dueMail(facts: DueFacts): Mail.Message {
  const estimate = facts.item.estimate
    ? [
        `The date is an estimate from ${facts.item.estimate === 'readings' ? 'your odometer readings' : 'typical driving'}.`,
      ]
    : [];
  return {
    ...composeMail({ to: facts.to, subject: dueSubject(facts) }, [
      'Hello,',
      `Your ${facts.vehicle} is due for ${facts.item.serviceName} around ${dueWhen(facts.item)}.`,
      ...estimate,
      'Book it in a minute: the service, your vehicle and your address are already chosen.',
      { href: absoluteUrl(bookPath(facts)), label: `Book ${facts.item.serviceName}` },
      'Not now? We will not remind you of this one again:',
      { href: absoluteUrl(linkPage('due-not-now', facts.notNowToken)), label: 'Not now' },
      'You get this because you agreed to hear from us when your vehicle is due. Unsubscribe from these messages here; it changes nothing about your bookings:',
      { href: absoluteUrl(linkPage('unsubscribe-marketing', facts.unsubscribeToken)), label: 'Unsubscribe' },
    ]),
    replyTo: config().businessEmail,
    headers: {
      'List-Unsubscribe': `<${absoluteUrl(`/api/unsubscribe/${facts.unsubscribeToken}?list=marketing`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The same notice as a text: the shop, what is due, the booking link, and STOP. */
export const dueText = (facts: DueFacts) =>
  `${business.name}: your ${facts.vehicle} is due for ${facts.item.serviceName} around ${formatLongDate(facts.item.dueDate)}. Book: ${absoluteUrl(bookPath(facts))} Reply STOP to opt out`;
