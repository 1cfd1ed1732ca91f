import { business } from '../business';
import { config } from '../config';
import { absoluteUrl } from '../links';
import { composeMail } from '../mail/compose';
import type { Mail } from '../mail/index';
import { formatTime, localOf } from '../time';
import { addressFields } from '../booking/mail-place';
import { vehicleText } from '../booking/mail-info';
import { mailInfo, type Stored } from '../booking/store';

/**
 * The "On my way" notice (issue 21, decision 076): the ETA in the business's
 * zone and the tracking link. As in the other booking mails, what the
 * customer typed appears only as labelled fields.
 */

export type OnMyWayFacts = {
  /** The technician's first name (null: none is known). */
  technicianFirstName: string | null;
  etaAt: string;
  /** The tracking page's path, `/track/<token>`. */
  path: string;
};

const etaClock = (etaAt: string) => formatTime(localOf(etaAt).time);
const who = (facts: OnMyWayFacts) => facts.technicianFirstName ?? 'Your technician';

export function onMyWayMail(booking: Stored, facts: OnMyWayFacts): Mail.Message {
  const b = mailInfo(booking);
  const url = absoluteUrl(facts.path);
  return {
    ...composeMail({ to: b.customerEmail, subject: `On the way: arriving about ${etaClock(facts.etaAt)}` }, [
      'Hello,',
      `${who(facts)} from ${business.name} is on the way for your ${b.serviceName} appointment and should arrive about ${etaClock(facts.etaAt)} (Eastern Time).`,
      { fields: [['Vehicle', vehicleText(b.vehicle)], ...addressFields(b)] },
      'Follow the visit on this page until the end of the day: it shows when the technician arrives and starts the work.',
      { href: url, label: 'Track the visit' },
      `Need to reach us? Call ${business.phone}.`,
    ]),
    replyTo: config().businessEmail,
  };
}

/** The same notice as a text: one GSM-7 segment where the link allows. */
export function onMyWayText(facts: OnMyWayFacts): string {
  return `${business.name}: ${who(facts)} is on the way, ETA ${etaClock(facts.etaAt)}. Track: ${absoluteUrl(facts.path)}`;
}
