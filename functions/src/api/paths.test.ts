import { describe, expect, it } from 'vitest';
import { createPathCanonicalizer } from './paths';

const canonical = createPathCanonicalizer(() => [
  '/api/*',
  '/api/admin/*',
  '/api/timeslots/:serviceId',
  '/api/testimonials',
  '/api/testimonials/featured',
  '/api/testimonials/:id/vote',
  '/api/users/verify-email/:token',
  '/api/bookings',
]);

describe('path canonicalisation', () => {
  it('writes fixed segments as the route does, whatever their case', () => {
    expect(canonical('/api/timeSlots/svc_01ABC')).toBe('/api/timeslots/svc_01ABC');
    expect(canonical('/API/Testimonials/FEATURED')).toBe('/api/testimonials/featured');
    expect(canonical('/api/BOOKINGS')).toBe('/api/bookings');
  });

  it('keeps parameter values exactly as sent', () => {
    expect(canonical('/api/Users/Verify-Email/AbC_dEf-123')).toBe('/api/users/verify-email/AbC_dEf-123');
    expect(canonical('/api/testimonials/tst_01ABC/Vote')).toBe('/api/testimonials/tst_01ABC/vote');
  });

  it('leaves unknown paths alone, apart from a known prefix', () => {
    expect(canonical('/assets/Index-AbC.js')).toBe('/assets/Index-AbC.js');
    expect(canonical('/Api/Nothing/Here')).toBe('/api/Nothing/Here');
  });
});
