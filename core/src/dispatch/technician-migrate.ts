import { asSystem } from '../actor';
import { entity as bookings, isOpen } from '../booking/store';
import type { MigrationStep } from '../db/migration';
import { ensureNumbered } from '../technician/admin';

/**
 * From CREW_SIZE to named technicians (decision 078). Before issue 22 the
 * crew was a number, and bookings' claims and the technicians' days named
 * technicians 1 … CREW_SIZE that were stored nowhere. This step pages
 * through the bookings and makes sure a technician exists for every number
 * an open booking's claim holds ("Technician n", the shop's hours, every
 * day, no account: the admin renames them or invites them), and at least
 * technician 1, so a shop that upgrades keeps its bookings' technicians and
 * stays bookable. The local seed then names technicians 1 and 2.
 */
export const migrationSteps: MigrationStep[] = [
  {
    name: 'technicians-from-crew',
    async page(cursor, pageSize) {
      const page = await bookings.query.byDate({}, { limit: pageSize, cursor });
      const held = page.items.flatMap((b) => (b.claim && isOpen(b.status) ? [b.claim.technician] : []));
      const upTo = Math.max(cursor === null ? 1 : 0, ...held);
      const changed = upTo > 0 ? await asSystem('migrate', () => ensureNumbered(upTo)) : 0;
      return { changed, cursor: page.cursor };
    },
  },
];
