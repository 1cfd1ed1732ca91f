import { describe, expect, it } from 'vitest';
import type { EstimateLineView } from '../../components/estimate/choices';
import { portalEstimateMessages, portalMessages } from './portal';
import { validatePortal, validatePortalAnswer } from './validate';

describe('validatePortal', () => {
  it('asks for both the number and the email, with one message (doc 2 §5)', () => {
    for (const [workOrderNumber, email] of [
      ['', ''],
      ['WO-2026-0001', ' '],
      ['  ', 'casey@example.com'],
    ] as const)
      expect(validatePortal({ workOrderNumber, email })).toEqual({
        workOrderNumber: portalMessages.bothRequired,
      });
    expect(validatePortal({ workOrderNumber: 'WO-2026-0001', email: 'casey@example.com' })).toEqual({
      workOrderNumber: undefined,
    });
  });
});

describe('validatePortalAnswer (decision 127)', () => {
  // What the answers read of a line: its id, its group and its state.
  const lines = [
    { id: 'brakes', group: null, state: 'proposed' },
    { id: 'oem', group: 'Pads', state: 'proposed' },
    { id: 'ceramic', group: 'Pads', state: 'proposed' },
  ] as EstimateLineView[];
  const done = {
    code: '123456',
    name: 'Sam',
    choices: { l0: 'approved', g0: 'ceramic' },
    termsAccepted: true,
    signed: true,
  };

  it('asks, one message at a time: every line answered, the terms, the name, the six digits, then the signature', () => {
    expect(validatePortalAnswer(done, lines)).toEqual({});
    const cases = [
      [{ choices: { l0: 'approved' } }, { choices: portalEstimateMessages.unanswered }],
      [{ termsAccepted: false }, { termsAccepted: portalEstimateMessages.terms }],
      [{ name: '  ' }, { name: portalEstimateMessages.name }],
      [{ code: '12345' }, { code: portalEstimateMessages.code }],
      [{ signed: false, code: '' }, { code: portalEstimateMessages.code }],
      [{ signed: false }, { signed: portalEstimateMessages.signature }],
    ] as const;
    for (const [change, message] of cases)
      expect(validatePortalAnswer({ ...done, ...change }, lines)).toEqual(message);
  });
});
