import { describe, expect, it } from 'vitest';
import { api, ApiError } from '../../lib/api';
import { portalError, portalMessages, portalPdfArgs } from './portal';

describe('portalError', () => {
  it('gives the 404 and 400 texts of doc 2 §8', () => {
    expect(portalError(new ApiError('x', 404, 'anything'))).toBe(portalMessages.notFound);
    expect(portalError(new ApiError('x', 400, 'anything'))).toBe(portalMessages.badEmail);
  });

  it('gives the general text for anything else', () => {
    expect(portalError(new ApiError('x', 429, 'Too many requests'))).toBe(portalMessages.failed);
    expect(portalError(new ApiError('x', 500))).toBe(portalMessages.failed);
    expect(portalError(new ApiError('offline', 0))).toBe(portalMessages.failed);
    expect(portalError(new Error('boom'))).toBe(portalMessages.failed);
  });
});

describe('portalPdfArgs', () => {
  const pathOf = (number: string, email: string) =>
    api.api.workOrders.public[':number'].pdf.$path(portalPdfArgs(number, email));

  it('trims and encodes the number and the email', () => {
    expect(pathOf(' WO-2026-0001 ', ' a+b@example.com ')).toBe(
      '/api/workOrders/public/WO-2026-0001/pdf?email=a%2Bb%40example.com',
    );
    expect(pathOf('WO/../x', 'a@b.co')).toBe('/api/workOrders/public/WO%2F..%2Fx/pdf?email=a%40b.co');
  });
});
