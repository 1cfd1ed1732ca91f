import { describe, expect, it } from 'vitest';
import { json } from '../../../tests/factories';
import { app } from '../api/index';
import { seed, seedServices } from './seed';

const admin = { adminEmail: ' Admin@Example.com ', adminPassword: 'admin-password' };

describe('seed', () => {
  it('fills the catalogue once and changes nothing when run again', async () => {
    expect(await seed(admin)).toBe('seeded');
    expect(await seed(admin)).toBe('already seeded');

    const list = await json<{ name: string; duration: number | string }[]>(
      await app.request('/api/services'),
    );
    expect(list).toHaveLength(seedServices.length);
    expect(new Set(list.map((s) => s.name)).size).toBe(seedServices.length);
    expect(list.length).toBeGreaterThanOrEqual(6);
    // A mix of numeric and text durations, as the spec describes.
    expect(list.some((s) => typeof s.duration === 'number')).toBe(true);
    expect(list.some((s) => typeof s.duration === 'string' && /hour/.test(s.duration))).toBe(true);
    expect(list.some((s) => typeof s.duration === 'string' && /min/.test(s.duration))).toBe(true);
  });
});
