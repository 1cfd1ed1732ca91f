import { describe, expect, it } from 'vitest';
import { SUMMARY_LENGTH, truncateSummary } from './summary';

describe('truncateSummary', () => {
  it('keeps a summary of 150 characters or fewer as it is', () => {
    expect(SUMMARY_LENGTH).toBe(150);
    expect(truncateSummary('Short and sweet.')).toBe('Short and sweet.');
    const exact = 'a'.repeat(150);
    expect(truncateSummary(exact)).toBe(exact);
  });

  it('cuts a longer summary to 150 characters and adds an ellipsis', () => {
    const long = 'b'.repeat(151);
    expect(truncateSummary(long)).toBe(`${'b'.repeat(150)}…`);
    const prose = 'Winter is hard on cars. '.repeat(10);
    const cut = truncateSummary(prose);
    expect(cut.endsWith('…')).toBe(true);
    expect(Array.from(cut).length).toBeLessThanOrEqual(151);
    expect(prose.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('drops the space before the ellipsis', () => {
    const text = `${'c'.repeat(149)} and more`;
    expect(truncateSummary(text)).toBe(`${'c'.repeat(149)}…`);
  });

  it('never splits a character made of two code units', () => {
    const text = '🚗'.repeat(160);
    expect(truncateSummary(text)).toBe(`${'🚗'.repeat(150)}…`);
  });

  it('handles an empty summary', () => {
    expect(truncateSummary('')).toBe('');
  });
});
