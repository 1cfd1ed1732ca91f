import { config } from '../config';
import { awsClientOptions, droppedOnFailure, onFirstUse } from '../util/aws';
import { wellFormed } from '../util/text';

type SmsSdk = typeof import('@aws-sdk/client-pinpoint-sms-voice-v2');

/**
 * Text messages through AWS End User Messaging SMS (`pinpoint-sms-voice-v2`,
 * its JSON protocol; locally the stand-in of functions/src/local/sms). Like
 * Mail, the SDK is loaded on first send. Only the outbox calls `send`
 * (core/src/mail/outbox.ts), so every text is recorded before it goes.
 */
export namespace Sms {
  const sdk = onFirstUse(() => import('@aws-sdk/client-pinpoint-sms-voice-v2'));
  const withClient = droppedOnFailure(
    ({ PinpointSMSVoiceV2Client }: SmsSdk) => new PinpointSMSVoiceV2Client(awsClientOptions('sms')),
  );

  /** The service refused the text because the number is on the opt-out list (it replied STOP). */
  export class OptedOutError extends Error {
    override readonly name = 'OptedOutError';
    constructor(readonly to: string) {
      super(`${to} has opted out of text messages.`);
    }
  }

  /** Texts are off (no origination identity; decision 084): nothing is sent, from no number. */
  export class TextsOffError extends Error {
    override readonly name = 'TextsOffError';
    constructor() {
      super('Texts are off: no SMS_ORIGINATION_IDENTITY is set.');
    }
  }

  /**
   * Whether texts are on: an origination identity is set (decision 084). On
   * AWS none is set by default, and a notice then goes by mail alone; the
   * local stack texts from its stand-in's number.
   */
  export function textsOn(): boolean {
    return config().smsOriginationIdentity !== '';
  }

  export type Text = { to: string; body: string };

  /**
   * Sends one text (`SendTextMessage`, transactional) from the shop's
   * origination identity; resolves to the service's message id. A number on
   * the opt-out list throws OptedOutError (ConflictException, reason
   * DESTINATION_PHONE_NUMBER_OPTED_OUT): never worth retrying; with texts off,
   * TextsOffError, before any call (the outbox gives the text up). Anything else
   * throws as it came, for the outbox to retry.
   */
  export async function send(text: Text): Promise<string | undefined> {
    // Never a send from a made-up number: with texts off, nothing goes.
    if (!textsOn()) throw new TextsOffError();
    const loaded = await sdk();
    const command = new loaded.SendTextMessageCommand({
      DestinationPhoneNumber: text.to,
      OriginationIdentity: config().smsOriginationIdentity,
      MessageBody: wellFormed(text.body),
      MessageType: 'TRANSACTIONAL',
    });
    const optedOut = (error: unknown) =>
      error instanceof loaded.ConflictException && error.Reason === 'DESTINATION_PHONE_NUMBER_OPTED_OUT';
    try {
      // An opted-out number is the request's refusal: the client is kept.
      return (await withClient(loaded, (client) => client.send(command), optedOut)).MessageId;
    } catch (error) {
      if (optedOut(error)) throw new OptedOutError(text.to);
      throw error;
    }
  }
}
