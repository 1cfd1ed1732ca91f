import { config } from '../config';
import { failedConditions, type TransactItem, transactWrite } from '../db/entity';
import { VisibleError } from '../error';
import type { Mail } from '../mail/index';
import { Outbox } from '../mail/outbox';
import { TimeSlot } from '../timeslot/index';
import { Crew } from './crew';
import { deskMessages } from './rules';
import { booked, bookedExpiry, holdsBookedGuard, type Stored } from './store';

/**
 * Claiming a booking's time, and giving it back (decision 024): the booking's
 * write, its BOOKED guard, its slot and one technician's crew guards are one
 * transaction, so any failed condition cancels all of it.
 */

const MAX_ATTEMPTS = 4;

export type ClaimOptions = {
  /** The booking's own write (a new one: if absent; a reinstated one: if unchanged since read). */
  write: (record: Stored) => TransactItem;
  mails: (record: Stored) => Mail.Message[];
  /** 409 texts: the time (BOOKED guard or slot) taken; every technician busy. */
  taken: string;
  crewFull: string;
};

/**
 * Writes the booking and claims its time: tries technician 1, then 2 … A
 * failure on the BOOKED guard or the slot means the time was taken (409);
 * on crew guards only, the next technician is tried; when none is free,
 * the crew is full (409). A transaction that lost to a concurrent one
 * (no failed condition) is tried again a few times.
 */
export async function claim(
  base: Omit<Stored, 'claim'>,
  occupancy: Crew.Occupancy,
  now: string,
  options: ClaimOptions,
): Promise<Stored> {
  const { crewSize } = config();
  if (occupancy.blocks.length > 90) throw new VisibleError('conflict', options.crewFull);
  let attempts = 0;
  for (let technician = 1; technician <= crewSize;) {
    const record: Stored = {
      ...base,
      claim: { technician, start: occupancy.start, end: occupancy.end, blocks: occupancy.blocks },
    };
    const prepared = await Promise.all(options.mails(record).map((mail) => Outbox.prepareWithFiles(mail)));
    const head: TransactItem[] = [
      options.write(record),
      ...(holdsBookedGuard(base)
        ? [
            booked.tx.put(
              {
                key: base.bookedKey,
                date: base.date,
                time: base.time,
                bookingId: base.id,
                expiresAt: bookedExpiry(base.date),
              },
              { ifAbsent: true },
            ),
          ]
        : []),
      ...(base.slotId ? [TimeSlot.bookItem(base.slotId, base.id, now)] : []),
    ];
    try {
      await transactWrite([
        ...head,
        ...Crew.claimItems(occupancy.blocks, technician, base.id),
        ...prepared.map((p) => p.item),
      ]);
      await Promise.all(prepared.map((p) => Outbox.deliver(p)));
      return record;
    } catch (error) {
      const failed = failedConditions(error);
      if (failed === null) throw error;
      if (failed.includes(0)) throw new VisibleError('conflict', deskMessages.changedMeanwhile);
      if (failed.some((index) => index < head.length)) {
        throw new VisibleError('conflict', options.taken);
      }
      if (failed.length === 0) {
        attempts += 1;
        if (attempts >= MAX_ATTEMPTS) throw new VisibleError('conflict', options.taken);
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
        continue;
      }
      technician += 1;
    }
  }
  throw new VisibleError('conflict', options.crewFull);
}

/** The items that give a booking's time back: its BOOKED guard, its slot, its technician's blocks. */
export function releaseItems(b: Stored, now: string): TransactItem[] {
  return [
    ...(holdsBookedGuard(b)
      ? [
          booked.tx.delete(
            { key: b.bookedKey, date: b.date, time: b.time },
            {
              ConditionExpression: 'bookingId = :booking',
              ExpressionAttributeValues: { ':booking': b.id },
            },
          ),
        ]
      : []),
    ...(b.slotId ? [TimeSlot.freeItem(b.slotId, b.id, now)] : []),
    ...(b.claim ? Crew.releaseItems(b.claim.blocks, b.claim.technician, b.id) : []),
  ];
}
