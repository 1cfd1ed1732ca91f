import { describe, expect, it } from 'vitest';
import { Notify } from './index';

const optedIn = { texts: { mobile: '+16105550123', consentedAt: '2026-11-01T00:00:00.000Z', wording: '…' } };

describe('Notify.channelsFor', () => {
  it('mails a customer who is not opted in, or opted out, whatever the kind and preference', () => {
    for (const kind of Notify.kinds) {
      expect(Notify.channelsFor(undefined, kind)).toEqual({ mail: true, textTo: undefined });
      expect(Notify.channelsFor({ notifications: { reminder: 'text' } }, kind)).toEqual({
        mail: true,
        textTo: undefined,
      });
      const stopped = { texts: { ...optedIn.texts, optedOutAt: '2026-11-02T00:00:00.000Z' } };
      expect(Notify.channelsFor(stopped, kind)).toEqual({ mail: true, textTo: undefined });
    }
  });

  it('follows the chosen channel for reminders, on-my-way and review requests (both by default)', () => {
    const account = { ...optedIn, notifications: { reminder: 'text', 'on-my-way': 'mail' } as const };
    expect(Notify.channelsFor(account, 'reminder')).toEqual({ mail: false, textTo: '+16105550123' });
    expect(Notify.channelsFor(account, 'on-my-way')).toEqual({ mail: true, textTo: undefined });
    expect(Notify.channelsFor(account, 'review-request')).toEqual({ mail: true, textTo: '+16105550123' });
  });

  it('sends reschedule and cancel notices by mail and text when opted in, whatever the preferences', () => {
    const account = { ...optedIn, notifications: { reminder: 'mail', 'on-my-way': 'text' } as const };
    for (const kind of ['reschedule', 'cancel'] as const) {
      expect(Notify.channelsFor(account, kind)).toEqual({ mail: true, textTo: '+16105550123' });
    }
  });
});
