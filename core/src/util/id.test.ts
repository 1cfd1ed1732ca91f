import { describe, expect, it } from 'vitest';
import { createId, idSchema } from './id';

describe('ids', () => {
  it('carries the kind as a prefix and a sortable ULID', () => {
    const first = createId('service');
    expect(first).toMatch(/^svc_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(idSchema('service').safeParse(first).success).toBe(true);
  });

  it('refuses ids of another kind or shape', () => {
    const schema = idSchema('service');
    expect(schema.safeParse(createId('booking')).success).toBe(false);
    expect(schema.safeParse('svc_123').success).toBe(false);
    expect(schema.safeParse("svc_01JSEED000000000000000000'").success).toBe(false);
  });
});
