import { describe, expect, it } from 'vitest';
import {
  acknowledgmentState,
  alreadyAcknowledgedText,
  emailState,
  pdfName,
  statusLabel,
  vehicleLine,
} from './display';

describe('the manager texts', () => {
  it('labels statuses and names the PDF', () => {
    expect(statusLabel('pending_approval')).toBe('Pending Approval');
    expect(statusLabel('draft')).toBe('Draft');
    expect(pdfName('WO-2026-0001')).toBe('WorkOrder-WO-2026-0001.pdf');
    expect(vehicleLine({ year: 2019, make: 'Honda', model: 'Civic' })).toBe('2019 Honda Civic');
  });

  it('tells the email state (doc 2 §4)', () => {
    expect(emailState({ emailSent: false, emailSentDate: null })).toBe('Not emailed');
    expect(emailState({ emailSent: true, emailSentDate: '2026-11-22T15:30:00.000Z' })).toMatch(
      /^Emailed .*November 22, 2026.*10:30 AM/,
    );
  });

  it('tells the acknowledgment state (doc 2 §4)', () => {
    const ack = (acknowledgment: Parameters<typeof acknowledgmentState>[0]['acknowledgment']) =>
      acknowledgmentState({ acknowledgment });
    expect(ack({ isRequired: false, isAcknowledged: false, state: 'not_required' })).toBe(
      'Acknowledgment not requested',
    );
    expect(
      ack({
        isRequired: true,
        isAcknowledged: false,
        state: 'pending',
        tokenExpiresAt: '2026-11-29T15:00:00.000Z',
      }),
    ).toMatch(/^Awaiting acknowledgment \(link expires .*November 29, 2026/);
    expect(ack({ isRequired: true, isAcknowledged: false, state: 'expired' })).toBe(
      'Acknowledgment link expired',
    );
    expect(
      ack({
        isRequired: true,
        isAcknowledged: true,
        state: 'acknowledged',
        acknowledgmentDate: '2026-11-23T14:00:00.000Z',
        acknowledgedBy: { name: 'Pat Lee', email: 'pat@example.com' },
        hasSignature: true,
      }),
    ).toMatch(/^Acknowledged by Pat Lee on .*November 23, 2026.*\(signed\)$/);
  });

  it('says when an already acknowledged work order was acknowledged (doc 2 §8)', () => {
    expect(alreadyAcknowledgedText('2026-11-23T14:00:00.000Z', 'server text')).toMatch(
      /^This work order has already been acknowledged on .*November 23, 2026.*9:00 AM\.$/,
    );
    expect(alreadyAcknowledgedText(undefined, 'This work order has already been acknowledged on x')).toBe(
      'This work order has already been acknowledged on x',
    );
    expect(alreadyAcknowledgedText('not a date', undefined)).toBe(
      'This work order has already been acknowledged.',
    );
  });
});
