import { describe, expect, it } from 'vitest';
import { requireRole, safeRedirect } from './guards';

describe('the destination after login', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/dashboard?tab=account')).toBe('/dashboard?tab=account');
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect('https://evil.example/')).toBeUndefined();
    expect(safeRedirect('//evil.example/')).toBeUndefined();
    expect(safeRedirect('/\\evil.example')).toBeUndefined();
  });
});

describe('the role guard', () => {
  const as = (role: 'user' | 'technician' | 'admin') => ({
    context: { user: { role } as Parameters<ReturnType<typeof requireRole>>[0]['context']['user'] },
  });
  it('lets an admin into both staff layouts, a technician into /tech only, a customer into neither', () => {
    expect(requireRole('admin')(as('admin')).hasRole).toBe(true);
    expect(requireRole('admin')(as('technician')).hasRole).toBe(false);
    expect(requireRole('admin')(as('user')).hasRole).toBe(false);
    expect(requireRole('technician')(as('admin')).hasRole).toBe(true);
    expect(requireRole('technician')(as('technician')).hasRole).toBe(true);
    expect(requireRole('technician')(as('user')).hasRole).toBe(false);
  });
});
