import { describe, expect, it } from 'vitest';
import { safeRedirect } from './guards';

describe('the destination after login', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/dashboard?tab=account')).toBe('/dashboard?tab=account');
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect('https://evil.example/')).toBeUndefined();
    expect(safeRedirect('//evil.example/')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
  });
});
