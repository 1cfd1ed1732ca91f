import { describe, expect, it } from 'vitest';
import { awsUnitEnv } from '../../../tests/aws-env';
import { segmentCount, smsEncoding } from '../sms/segments';
import { bookingMailInfo } from './mail.fixtures';
import { cancelledText, rescheduledText } from './notices';

// Read by config() on first use (the texts' link); a real shop's address length.
Object.assign(process.env, awsUnitEnv);

/** A booking of the seed's longest service name, for the texts' length. */
const booking = bookingMailInfo();

describe('the texts of reschedule and cancel notices', () => {
  it('name the service and the new time, and fit one GSM-7 segment', () => {
    const moved = rescheduledText(booking);
    expect(moved).toContain('Full Interior & Exterior Detail is moved to Dec 9, 11:00 AM');
    for (const text of [moved, cancelledText(booking, 'customer'), cancelledText(booking, 'shop')]) {
      expect(smsEncoding(text), text).toBe('GSM-7');
      expect(segmentCount(text), text).toBe(1);
    }
  });
});
