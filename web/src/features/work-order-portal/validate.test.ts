import { describe, expect, it } from 'vitest';
import { portalMessages } from './portal';
import { validatePortal } from './validate';

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
