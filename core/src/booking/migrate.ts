import { indexAttributes } from '../db/entity';
import { type MigrationStep, pagedStep } from '../migrate/runner';
import { Crew } from './crew';
import { booked, bookedExpiry, entity, holdsBookedGuard, isOpen, type Stored } from './store';

/**
 * Booking's migration steps (decisions 050 and 063), run by the one runner
 * (migrate/runner.ts). Items written before decision 050 lack what it added:
 * open bookings their `openBookings` keys, the crew guards of open bookings
 * their by-day keys (availability reads those), `BOOKED` guards their TTL.
 * Each step pages through every booking (`byCollection`) and sets what is
 * missing, conditionally: a booking or guard changed meanwhile was written
 * whole by today's code, keys included.
 */

const everyBooking = (cursor: string | null, limit: number) =>
  entity.query({ index: 'byCollection', partition: 'BOOKING', limit, cursor });

/** Sets `openPk` / `openSk` on an open booking, as every write of it computes them. */
async function indexOpen(b: Stored): Promise<boolean> {
  if (!isOpen(b.status)) return false;
  const names = indexAttributes('openBookings');
  const item = entity.item(b);
  const updated = await entity.update(
    { id: b.id },
    {
      UpdateExpression: 'SET #openPk = :openPk, #openSk = :openSk',
      ConditionExpression: '#status = :status AND updatedAt = :at AND attribute_not_exists(#openPk)',
      ExpressionAttributeNames: {
        '#openPk': names.partitionKey,
        '#openSk': names.sortKey,
        '#status': 'status',
      },
      ExpressionAttributeValues: {
        ':openPk': item[names.partitionKey],
        ':openSk': item[names.sortKey],
        ':status': b.status,
        ':at': b.updatedAt,
      },
    },
  );
  return updated !== null;
}

/** Gives the crew guards an open booking holds their by-day index keys. */
async function indexClaim(b: Stored): Promise<boolean> {
  const held = b.claim;
  if (!held || !isOpen(b.status)) return false;
  for (const block of held.blocks) await Crew.indexGuard(block, held.technician, b.id);
  return true;
}

/** Gives the `BOOKED` guard a booking still holds the TTL today's bookings give it (a week after its date). */
async function expireGuard(b: Stored): Promise<boolean> {
  // A cancelled booking's guard was deleted; a custom booking holds none.
  if (b.status === 'Cancelled' || !holdsBookedGuard(b)) return false;
  const updated = await booked.update(
    { key: b.bookedKey, date: b.date, time: b.time },
    {
      UpdateExpression: 'SET expiresAt = :at',
      ConditionExpression: 'bookingId = :booking AND attribute_not_exists(expiresAt)',
      ExpressionAttributeValues: { ':at': bookedExpiry(b.date), ':booking': b.id },
    },
  );
  return updated !== null;
}

export const bookingSteps: MigrationStep[] = [
  pagedStep('open-bookings-index', everyBooking, indexOpen),
  pagedStep('crew-day-index', everyBooking, indexClaim),
  pagedStep('booked-guard-ttl', everyBooking, expireGuard),
];
