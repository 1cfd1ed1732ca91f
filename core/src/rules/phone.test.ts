import { describe, expect, it } from 'vitest';
import { formatUsNumber, toUsE164 } from './phone';

describe('toUsE164', () => {
  it('normalises US numbers as people write them to E.164', () => {
    for (const written of [
      '(610) 555-0123',
      '610-555-0123',
      '610.555.0123',
      '6105550123',
      '1 610 555 0123',
      '+1 (610) 555-0123',
      '+16105550123',
      '  610 555 0123  ',
    ]) {
      expect(toUsE164(written), written).toBe('+16105550123');
    }
  });

  it('refuses anything that is not a US number', () => {
    for (const bad of [
      '',
      '555-0123',
      '610555012',
      '61055501234',
      '+44 20 7946 0958',
      '+33612345678',
      '+16105550123 ext 4',
      '610-555-0123 x4',
      'call me',
      '(110) 555-0123',
      '(610) 155-0123',
      '(911) 555-0123',
      '+2 610 555 0123',
      '2 610 555 0123',
      '610–555–0123',
      '+1+6105550123',
      '1'.repeat(30),
    ]) {
      expect(toUsE164(bad), bad).toBeUndefined();
    }
  });

  it('formats an E.164 US number for the page', () => {
    expect(formatUsNumber('+16105550123')).toBe('(610) 555-0123');
  });
});
