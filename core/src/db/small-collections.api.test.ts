/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { smallCollections } from '@app/core/db/entity';

/**
 * Decision 057: a whole collection is read only when it is small by
 * construction. Loading every core module defines every entity, so the
 * registry below holds every entity that declared itself small.
 */
const modules = import.meta.glob(['../**/*.ts', '!../**/*.test.ts'], { eager: true });

describe('collections read whole', () => {
  it('are exactly the ones small by construction: the services and the technicians', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(50);
    // The technicians: a shop's crew, at most MAX_TECHNICIANS (decision 078).
    // The add-ons (issue 34, at most 30), one calendar address per technician (issue 36, decision 119)
    // and the plans the admin offers (issue 35, at most MAX_PLANS).
    expect([...smallCollections.keys()].sort()).toEqual([
      'addOn',
      'busyCalendar',
      'plan',
      'service',
      'technician',
    ]);
  });
});
