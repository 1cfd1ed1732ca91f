import { describe, expect, it } from 'vitest';
import { tipBody, validateTip } from './tip-form';

describe('the tip form (issue 35)', () => {
  it('no tip is no tip; a percent is sent as the choice, never as an amount the page computed', () => {
    expect(tipBody({ tip: 'none', amount: '' })).toBeUndefined();
    expect(tipBody({ tip: '20', amount: '' })).toEqual({ percent: 20 });
    expect(tipBody({ tip: 'amount', amount: '12.50' })).toEqual({ amount: 12.5 });
  });

  it('another amount: dollars and cents above $0, at most the cap the server gave', () => {
    expect(validateTip({ tip: '15', amount: 'x' }, 10)).toEqual({});
    expect(validateTip({ tip: '', amount: '' }, 10)).toEqual({ tip: 'Please choose a tip.' });
    expect(validateTip({ tip: 'amount', amount: '10' }, 10)).toEqual({ amount: undefined });
    expect(validateTip({ tip: 'amount', amount: '0' }, 10).amount).toBe('A tip must be more than $0.');
    expect(validateTip({ tip: 'amount', amount: '10.01' }, 10).amount).toBeTruthy();
    expect(validateTip({ tip: 'amount', amount: '' }, 10).amount).toBeTruthy();
  });
});
