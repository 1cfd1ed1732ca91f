import { describe, expect, it } from 'vitest';
import { commandOf } from '../text-reply/rules';
import { keywordOf } from './keywords';
import { inboundOf, type SnsNotification, stringToSign } from './sns';

/** SNS's signature and the words of a reply (issue 36, decision 120). */
describe('inbound texts', () => {
  const notification: SnsNotification = {
    Type: 'Notification',
    MessageId: 'm-1',
    TopicArn: 'arn:aws:sns:us-east-1:123456789012:texts',
    Message: '{"messageBody":"C"}',
    Timestamp: '2026-11-28T16:00:00.000Z',
    SignatureVersion: '2',
    Signature: 'sig',
    SigningCertURL: 'https://sns.us-east-1.amazonaws.com/cert.pem',
  };

  it("signs SNS's fields in its order, Subject only when present", () => {
    expect(stringToSign(notification)).toBe(
      'Message\n{"messageBody":"C"}\nMessageId\nm-1\nTimestamp\n2026-11-28T16:00:00.000Z\n' +
        'TopicArn\narn:aws:sns:us-east-1:123456789012:texts\nType\nNotification\n',
    );
    expect(stringToSign({ ...notification, Subject: 'Hi' })).toContain(
      'MessageId\nm-1\nSubject\nHi\nTimestamp',
    );
  });

  it('reads the payload End User Messaging publishes, and nothing else', () => {
    const payload = {
      originationNumber: '+14255550182',
      destinationNumber: '+12125550101',
      messageKeyword: 'JOIN',
      messageBody: 'EXAMPLE',
      inboundMessageId: 'cae173d2-66b9-564c-8309-21f858e9fb84',
      previousPublishedMessageId: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    expect(inboundOf(JSON.stringify(payload), '2026-11-28T16:00:00Z')).toEqual({
      ...payload,
      at: '2026-11-28T16:00:00.000Z',
    });
    expect(inboundOf('not json', '2026-11-28T16:00:00Z')).toBeUndefined();
    expect(inboundOf(JSON.stringify({ messageBody: 'x' }), '2026-11-28T16:00:00Z')).toBeUndefined();
    expect(inboundOf(JSON.stringify(payload), 'yesterday')).toBeUndefined();
  });

  it("tells the service's keywords and the two commands apart, trimmed and in any case", () => {
    expect(['STOP', ' stop ', 'Unsubscribe', 'opt-out'].map(keywordOf)).toEqual(Array(4).fill('opt-out'));
    expect(['help', 'START', 'yes'].map(keywordOf)).toEqual(['help', 'opt-in', 'opt-in']);
    expect(keywordOf('stop by at 5?')).toBeUndefined();
    expect([' c', 'C ', 'r', 'R'].map(commandOf)).toEqual(['confirm', 'confirm', 'reschedule', 'reschedule']);
    expect(['CC', 'confirm', 'Running late'].map(commandOf)).toEqual([undefined, undefined, undefined]);
  });
});
