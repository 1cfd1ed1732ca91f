import { describe, expect, it } from 'vitest';
import { segmentCount, smsEncoding } from './segments';

describe('SMS segments', () => {
  it('counts GSM-7 texts: 160 in one segment, 153 a segment beyond', () => {
    expect(segmentCount('')).toBe(0);
    expect(segmentCount('a'.repeat(160))).toBe(1);
    expect(segmentCount('a'.repeat(161))).toBe(2);
    expect(segmentCount('a'.repeat(306))).toBe(2);
    expect(segmentCount('a'.repeat(307))).toBe(3);
    expect(smsEncoding('Hi Ana, your Oil Change is tomorrow at 9:00am. Reply STOP to opt out.')).toBe(
      'GSM-7',
    );
  });

  it('counts the extension table’s characters as two septets', () => {
    expect(smsEncoding('Price: 10€ [incl.]')).toBe('GSM-7');
    expect(segmentCount('€'.repeat(80))).toBe(1);
    expect(segmentCount('€'.repeat(81))).toBe(2);
  });

  it('sends a text with any other character as UCS-2: 70 in one segment, 67 a segment beyond', () => {
    expect(smsEncoding('On my way 🚗')).toBe('UCS-2');
    expect(smsEncoding('“quoted”')).toBe('UCS-2');
    expect(segmentCount('ç'.repeat(70))).toBe(1);
    expect(segmentCount('ç'.repeat(71))).toBe(2);
    expect(segmentCount('ç'.repeat(134))).toBe(2);
    expect(segmentCount('ç'.repeat(135))).toBe(3);
  });
});
