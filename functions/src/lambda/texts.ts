import { asSystem } from '@app/core/actor';
import { config } from '@app/core/config';
import { inboundOf } from '@app/core/sms/sns';
import { TextReply } from '@app/core/text-reply/index';

/** The SNS event a subscribed Lambda receives, as far as this function reads it. */
export type SnsEvent = {
  Records: {
    EventSource?: string;
    Sns: { Type?: string; MessageId?: string; TopicArn?: string; Message?: string; Timestamp?: string };
  }[];
};

/**
 * The inbound texts' subscriber (infra/texts.ts, issue 36, decision 120): SNS
 * invokes it with the customers' replies End User Messaging publishes to the
 * topic. Only that topic may invoke it (its subscription's permission), and a
 * record of another topic is dropped; so, unlike the HTTP route, it does not
 * fetch SNS's certificate. Each text goes to `TextReply.receive`, the same
 * core the local stack's `POST /api/texts/inbound` reaches. A failure throws,
 * for SNS to deliver again (a text delivered twice is kept once).
 */
export async function handler(event: SnsEvent): Promise<{ received: number; skipped: number }> {
  const topic = config().smsInboundTopicArn;
  let received = 0;
  let skipped = 0;
  for (const record of event.Records ?? []) {
    const sns = record.Sns;
    const inbound =
      record.EventSource === 'aws:sns' &&
      topic !== '' &&
      sns?.TopicArn === topic &&
      sns.Type === 'Notification'
        ? inboundOf(sns.Message ?? '', sns.Timestamp ?? '')
        : undefined;
    if (!inbound) {
      skipped += 1;
      console.log(JSON.stringify({ level: 'warn', msg: 'inbound text skipped', messageId: sns?.MessageId }));
      continue;
    }
    await asSystem('texts', () => TextReply.receive(inbound));
    received += 1;
  }
  return { received, skipped };
}
