import type { Mail } from '../mail/index';
import { Outbox } from '../mail/outbox';

/**
 * Telling a customer something (issue 21): one notice, sent on the channels
 * the customer chose for its kind. Mail is the channel of record; a text goes
 * too when the customer opted in to texts and chose them for this kind.
 * Every send is an outbox item written in the same transaction as the change
 * it reports, so it is never lost nor sent twice (decision 018).
 *
 * This first version mails only; the texts' branch (issue 21) adds the text
 * message and the customer's preferences behind the same `prepare`.
 */
export namespace Notify {
  /** What a notice is about: the kinds a customer sets a channel preference for, and the notices of changes. */
  export const kinds = ['reminder', 'on-my-way', 'review-request', 'reschedule', 'cancel'] as const;
  export type Kind = (typeof kinds)[number];

  export type Notice = {
    kind: Kind;
    /** The customer's account, whose preferences and mobile number decide the text (absent: mail only). */
    userId?: string;
    /** The mail (always written for reschedule and cancel notices). */
    mail: Mail.Message;
    /** The text's body, one GSM-7 segment where possible, with its link (absent: no text for this notice). */
    text?: string;
  };

  /** The outbox items that send `notice`, to write in the transaction of the change it reports. */
  export async function prepare(notice: Notice): Promise<Outbox.Prepared[]> {
    return [await Outbox.prepareWithFiles(notice.mail)];
  }

  /** Sends prepared notices right after their transaction succeeded (never throws). */
  export async function deliver(prepared: readonly Outbox.Prepared[]): Promise<void> {
    await Outbox.deliver(...prepared);
  }
}
